-- The cemetery plan: one image an admin uploads with the geographic corners it covers,
-- drawn under the map as an overlay so the grave marker and the visitor's position mean
-- something without map tiles (offline). One row at most (id is always 1); replacing the image
-- keeps the row and the service removes the old file. The corners are checked here too, so no
-- writer can store a plan Leaflet would draw inside out.
CREATE TABLE cemetery_plan (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  image text NOT NULL CHECK (image ~ '^[0-9a-f]{32}\.webp$'),
  south double precision NOT NULL CHECK (south BETWEEN -90 AND 90),
  west double precision NOT NULL CHECK (west BETWEEN -180 AND 180),
  north double precision NOT NULL CHECK (north BETWEEN -90 AND 90),
  east double precision NOT NULL CHECK (east BETWEEN -180 AND 180),
  updated_at timestamptz(3) NOT NULL DEFAULT now(),
  CHECK (south < north),
  CHECK (west < east)
);
