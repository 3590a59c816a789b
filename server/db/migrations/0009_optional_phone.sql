-- The phone is optional for accounts the system makes itself (the administrator from
-- ADMIN_EMAIL or the first start): an empty phone stays empty instead of a fake "(00)
-- 0000-0000" shown on its profile. People who register or are created by an admin still give
-- one (the forms and the API's schemas require it); the column takes '' or 10–11 digits.
ALTER TABLE users DROP CONSTRAINT users_phone_check;
ALTER TABLE users ADD CONSTRAINT users_phone_check CHECK (phone = '' OR phone ~ '^[0-9]{10,11}$');
UPDATE users SET phone = '' WHERE phone = '0000000000';
