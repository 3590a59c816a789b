/**
 * The map and the app's status without a mouse or a screen, in Chromium against the built app:
 * - the map's buttons zoom and move it as dragging and pinching would (WCAG 2.5.7), the arrow
 *   keys too, and focus shows on them;
 * - the grave's marker is a button with a name; Enter opens its popup, Escape closes it and
 *   gives focus back to the marker;
 * - going offline and back online is said by the app's one polite live region (4.1.3), and the
 *   page has no other polite region talking over it;
 * - the QR landing of a demo record, logged out at 390 px, read through Chromium's accessibility
 *   tree (what a screen reader gets): every control and image named, in a sensible order.
 *   The reading it prints is the one written in docs/accessibility.md.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../scripts/server-process';
import { MAP_A11Y } from '../../src/features/map/map-texts';
import { CONNECTION_TEXT } from '../../src/ui/live-region';
import { ADMIN, launchBrowser, logIn, newPhoneContext, startAppServer } from './harness';

const NOME = 'Benedita Nunes Prado';
const GRAVE = { lat: -20.3855, lng: -43.5035 };

interface AXNode {
  nodeId: string;
  ignored: boolean;
  role?: { value: string };
  name?: { value: string };
  childIds?: string[];
  properties?: { name: string; value: { value: unknown } }[];
}

/** The accessibility tree in reading order, as "role: name" lines (text runs joined). */
async function readAloud(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] };
  await cdp.detach();
  const byId = new Map(nodes.map((n) => [n.nodeId, n]));
  const lines: string[] = [];
  const skip = new Set(['generic', 'none', 'InlineTextBox', 'LineBreak', 'RootWebArea']);
  const walk = (node: AXNode | undefined, depth: number) => {
    if (!node) return;
    const role = node.role?.value ?? '';
    const name = (node.name?.value ?? '').replace(/\s+/g, ' ').trim();
    const shown = !node.ignored && !skip.has(role);
    if (shown && !(role === 'StaticText' && lines.at(-1)?.endsWith(name))) {
      const level = node.properties?.find((p) => p.name === 'level')?.value.value;
      const label = role === 'heading' && level ? `heading ${level}` : role;
      lines.push(`${'  '.repeat(depth)}${label}${name ? `: ${name}` : ''}`);
    }
    for (const id of node.childIds ?? []) walk(byId.get(id), shown ? depth + 1 : depth);
  };
  walk(nodes[0], 0);
  return lines;
}

/** Every polite live region on the page (role=status is polite too). */
const politeRegions = (page: Page) =>
  page.evaluate(
    () =>
      document.querySelectorAll('[aria-live="polite"], [role="status"]:not([aria-live="off"])')
        .length,
  );

describe('the map by keyboard and the one live region', () => {
  let server: ServerProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let recordId = '';
  let token = '';

  const zoom = async () => Number(await page.locator('.map-controls').getAttribute('data-zoom'));
  const markerX = async () => {
    const box = await page.getByRole('button', { name: MAP_A11Y.marker(NOME) }).boundingBox();
    if (!box) throw new Error('the marker has no box');
    return box.x;
  };

  const moves = async () => Number(await page.locator('.map-controls').getAttribute('data-moves'));
  /** The marker's x after `act` has moved the map and the move has ended (Leaflet's moveend). */
  const xAfterMove = async (act: () => Promise<void>) => {
    const ended = await moves();
    await act();
    await expect.poll(moves).toBeGreaterThan(ended);
    return markerX();
  };

  /** The marker's x once the map has stopped moving (Leaflet animates pans and zooms). */
  const settledX = async () => {
    // Leaflet starts a pan or zoom on a later frame and animates it for 0.25 s: read only after
    // that, or a read before it starts and one 150 ms later can agree on the old place.
    await page.waitForTimeout(400);
    let last = await markerX();
    for (;;) {
      await page.waitForTimeout(150);
      const now = await markerX();
      if (Math.abs(now - last) < 0.5) return now;
      last = now;
    }
  };

  beforeAll(async () => {
    server = await startAppServer({ env: { SEED: 'demo' } });
    const login = (await (
      await fetch(`${server.url}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      })
    ).json()) as { token: string };
    token = login.token;
    const res = await fetch(`${server.url}/api/sepultados/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${login.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        nome: NOME,
        dtFal: '12/05/2001',
        rua: '2',
        quadra: '7',
        chapa: '0112',
        latitude: GRAVE.lat,
        longitude: GRAVE.lng,
      }),
    });
    expect(res.status).toBe(201);
    recordId = ((await res.json()) as { sepultado: { id: string } }).sepultado.id;

    browser = await launchBrowser();
    context = await newPhoneContext(browser, server.url);
    // No internet here: the tile server is played by the test.
    const tile = await sharp({
      create: { width: 256, height: 256, channels: 3, background: { r: 226, g: 220, b: 200 } },
    })
      .png()
      .toBuffer();
    await context.route('https://tile.openstreetmap.org/**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'image/png',
        headers: { 'access-control-allow-origin': '*' },
        body: tile,
      }),
    );
    page = await context.newPage();
    await page.goto(`/sepultados/${recordId}`);
    await page.getByRole('heading', { name: NOME, level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Como chegar', level: 2 }).scrollIntoViewIfNeeded();
    await page.getByRole('region', { name: MAP_A11Y.region(NOME) }).waitFor();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('the marker is a button named after the grave, and the map a named region', async () => {
    const marker = page.getByRole('button', { name: MAP_A11Y.marker(NOME) });
    await marker.waitFor();
    expect(await marker.getAttribute('tabindex')).toBe('0');
    const map = page.getByRole('region', { name: MAP_A11Y.region(NOME) });
    expect(await map.getAttribute('tabindex')).toBe('0');
    // The hint that says how to move it without dragging is its description.
    const hintId = await map.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${hintId}"]`).textContent()).toBe(MAP_A11Y.hint);
    // The placeholder kept the loaded section's room (map.css, .map-loading), so the hint and
    // the buttons under the map did not push the page down when it came.
    const loaded = await page.locator('section.map-section').boundingBox();
    console.log(`map section height at 390 px: ${loaded?.height}`);
    expect(Math.abs((loaded?.height ?? 0) - 770)).toBeLessThanOrEqual(60);
  });

  it('the zoom buttons zoom, and each is reached by Tab with its focus shown', async () => {
    const zoomIn = page.getByRole('button', { name: MAP_A11Y.zoomIn });
    const zoomOut = page.getByRole('button', { name: MAP_A11Y.zoomOut });
    const start = await zoom();
    expect(start).toBe(18);
    await zoomIn.focus();
    await page.keyboard.press('Enter');
    await expect.poll(zoom).toBe(start + 1);
    // From "Aproximar", Tab goes to "Afastar"; the outline is drawn (focus visible).
    await page.keyboard.press('Tab');
    expect(await zoomOut.evaluate((el) => el === document.activeElement)).toBe(true);
    const outline = await zoomOut.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.press('Enter');
    await expect.poll(zoom).toBe(start);
    await page.keyboard.press('Enter');
    await expect.poll(zoom).toBe(start - 1);
    // Each target is at least 24 × 24 px (WCAG 2.5.8); these are 44.
    for (const name of [MAP_A11Y.zoomIn, MAP_A11Y.panNorth, MAP_A11Y.panSouth]) {
      const box = await page.getByRole('button', { name }).boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(44);
      expect(box?.height).toBeGreaterThanOrEqual(44);
    }
  });

  it('keyboard focus shows on the emoji picker too (its own CSS removes the outline)', async () => {
    const signedIn = await newPhoneContext(browser, server.url);
    const own = await signedIn.newPage();
    try {
      await logIn(own, ADMIN);
      await own.goto(`/sepultados/${recordId}`);
      const open = own.getByRole('button', { name: 'Escolher emojis' });
      await open.scrollIntoViewIfNeeded();
      await open.click();
      const search = own.getByPlaceholder('Pesquisar emoji');
      await search.waitFor();
      await own.locator('[data-epr-part="emoji"]').first().waitFor();
      await search.focus();
      // From the search box the keyboard goes down to the picker's buttons (its categories).
      await own.keyboard.press('ArrowDown');
      await expect
        .poll(() =>
          own.evaluate(() => {
            const el = document.activeElement;
            return el?.tagName === 'BUTTON' && el.closest('.tribute-picker') !== null;
          }),
        )
        .toBe(true);
      const ring = await own.evaluate(() => {
        const style = getComputedStyle(document.activeElement as Element);
        return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
      });
      expect(ring.style).toBe('solid');
      expect(ring.width).toBeGreaterThanOrEqual(2);
    } finally {
      await signedIn.close();
    }
  });

  it('the pan buttons and the arrow keys move the map a step', async () => {
    await page.getByRole('button', { name: MAP_A11Y.center }).click();
    const before = await settledX();
    const click = (name: string) => () => page.getByRole('button', { name }).click();
    // The view moves east, so the grave moves west on the screen by the step (80 px).
    expect(Math.round(before - (await xAfterMove(click(MAP_A11Y.panEast))))).toBe(80);
    expect(Math.round(await xAfterMove(click(MAP_A11Y.panWest)))).toBe(Math.round(before));
    // With the map itself in focus, Leaflet's arrow keys do the same.
    await page.getByRole('region', { name: MAP_A11Y.region(NOME) }).focus();
    const right = () => page.keyboard.press('ArrowRight');
    expect(Math.round(before - (await xAfterMove(right)))).toBe(80);
    expect(Math.round(await xAfterMove(click(MAP_A11Y.center)))).toBe(Math.round(before));
  });

  it('Enter on the marker opens its popup; Escape closes it and focus returns to the marker', async () => {
    const marker = page.getByRole('button', { name: MAP_A11Y.marker(NOME) });
    await marker.focus();
    await page.keyboard.press('Enter');
    const popup = page.locator('.leaflet-popup');
    await popup.waitFor();
    expect(await popup.textContent()).toContain(MAP_A11Y.marker(NOME));
    // Its close button speaks Portuguese.
    await page.getByRole('button', { name: MAP_A11Y.closePopup }).waitFor();
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });
    expect(await marker.evaluate((el) => el === document.activeElement)).toBe(true);
    // From the popup's own close button too.
    await page.keyboard.press('Enter');
    await popup.waitFor();
    await page.getByRole('button', { name: MAP_A11Y.closePopup }).focus();
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });
    expect(await marker.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('going offline and back online is said by the one polite live region', async () => {
    const region = page.locator('[role="status"][aria-live="polite"]');
    expect(await region.count()).toBe(1);
    expect(await politeRegions(page)).toBe(1);
    await context.setOffline(true);
    await expect.poll(() => region.textContent()).toBe(CONNECTION_TEXT.offline);
    await context.setOffline(false);
    await expect.poll(() => region.textContent()).toBe(CONNECTION_TEXT.online);
    // On /offline (pack status lives there) it is still the only one.
    await page.goto('/offline');
    await page.getByRole('heading', { name: 'Uso offline', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await politeRegions(page)).toBe(1);
    await context.setOffline(true);
    await expect
      .poll(() => page.locator('[role="status"][aria-live="polite"]').textContent())
      .toBe(CONNECTION_TEXT.offline);
    await context.setOffline(false);
  });

  it('the QR landing, logged out at 390 px, read through the accessibility tree', async () => {
    const visitor = await newPhoneContext(browser, server.url);
    const landing = await visitor.newPage();
    try {
      // A demo record with a photo, as a family opening the plate's QR code would see it.
      const rows = (await (
        await fetch(`${server.url}/api/sepultados`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { _id: string; nome: string; images: string[] }[];
      const demo = rows.find((r) => r.nome !== NOME && r.images.length > 0);
      if (!demo) throw new Error('no demo record with a photo');
      await landing.goto(`/sepultados/${demo._id}`);
      await landing.getByRole('heading', { name: demo.nome, level: 1 }).waitFor();
      await landing.waitForLoadState('networkidle');
      const lines = await readAloud(landing);
      console.log(lines.join('\n'));
      const flat = lines.map((l) => l.trim());
      // The skip link comes first, the record's name is the first heading, the map's part
      // is announced by its heading before it loads.
      expect(flat.findIndex((l) => l.startsWith('link: Pular para o conteúdo'))).toBe(
        flat.findIndex((l) => l.startsWith('link')),
      );
      expect(flat.find((l) => l.startsWith('heading'))).toBe(`heading 1: ${demo.nome}`);
      // Nothing a screen reader would call "button" or "link" or "image" without a name.
      const unnamed = flat.filter((l) => /^(button|link|image|img|textbox|combobox)$/.test(l));
      expect(unnamed).toEqual([]);

      // Scrolled to "Como chegar", the map's part as it reads once loaded.
      await landing
        .getByRole('heading', { name: 'Como chegar', level: 2 })
        .scrollIntoViewIfNeeded();
      await landing.locator('.map-grave-marker').waitFor();
      const after = await readAloud(landing);
      const from = after.findIndex((l) => l.trim() === 'region: Como chegar');
      const to = after.findIndex((l, i) => i > from && l.startsWith('  region:'));
      const map = after.slice(from, to);
      console.log(map.join('\n'));
      const mapFlat = map.map((l) => l.trim());
      expect(mapFlat).toContain(`region: ${MAP_A11Y.region(demo.nome)}`);
      expect(mapFlat).toContain(`button: ${MAP_A11Y.marker(demo.nome)}`);
      expect(mapFlat).toContain(`group: ${MAP_A11Y.controls}`);
      expect(mapFlat.filter((l) => /^(button|link|image|img)$/.test(l))).toEqual([]);
    } finally {
      await visitor.close();
    }
  });
});
