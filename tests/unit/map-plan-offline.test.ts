/**
 * precachePlan: the cemetery plan lands on the device (meta "plan" + the image Blob in
 * photos, kind "plan"), is a no-op when the server has none, downloads the image only when its
 * name changed, keeps one plan only, and turns a full device into an ApiFailure, not a crash.
 * keepPackPlans: the plan a visit pack's walk ended with becomes that cemetery's plan on the
 * device ("plan.<id>"), one per cemetery held; a changed plan replaces its image, a plan gone
 * or a pack removed frees it; the map finds a record's cemetery by its name.
 * keepMissingPlans: the crew's day asks only for the plans the device lacks, once per cemetery.
 * The HTTP client is replaced (Node has no page origin for ky's relative URLs); Dexie is real
 * (fake-indexeddb).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/data/db';
import { ApiFailure } from '../../src/data/failure';
import { applyPackPage, freshMeta } from '../../src/data/pack-store/pack-walk';
import { planCemetery } from '../../src/data/plan/plan-cemetery';
import {
  forgetPlan,
  keepMissingPlans,
  keepPackPlans,
  PLAN_META_KEY,
  type PlanMeta,
  precachePlan,
  readStoredPlan,
  STORAGE_FULL_STATUS,
} from '../../src/data/plan/plan-offline';
import { MAP_MSG } from '../../src/domain/map-messages';
import { encodePackRecords } from '../../src/domain/pack-format';
import type { PackAnswer } from '../../src/domain/sync-types';

const calls = vi.hoisted(() => ({
  plan: null as PlanMeta | null,
  images: [] as string[],
}));

vi.mock('../../src/data/api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/data/api')>();
  return {
    ...actual,
    request: vi.fn(async () => {
      if (!calls.plan) throw new ApiFailure(404, MAP_MSG.planNotFound);
      return calls.plan;
    }),
    api: vi.fn((path: string) => {
      calls.images.push(path);
      return { blob: async () => new Blob([`png of ${path}`], { type: 'image/webp' }) };
    }),
  };
});

const BOUNDS = { south: -20.387, west: -43.505, north: -20.384, east: -43.502 };
const planNamed = (n: string): PlanMeta => ({
  image: `${n.repeat(32).slice(0, 32)}.webp`,
  bounds: BOUNDS,
  updatedAt: '2026-11-22T03:00:00.000Z',
});

describe('precachePlan', () => {
  beforeEach(async () => {
    calls.plan = null;
    calls.images = [];
    await db.photos.clear();
    await db.meta.clear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('does nothing when the server has no plan (404)', async () => {
    await expect(precachePlan()).resolves.toBeUndefined();
    expect(await readStoredPlan()).toBeNull();
    expect(calls.images).toEqual([]);
  });

  it('stores the metadata and the image Blob under plano/<file>', async () => {
    calls.plan = planNamed('a');
    await precachePlan();
    const stored = await readStoredPlan();
    expect(stored?.plan).toEqual(calls.plan);
    expect(await stored?.blob.text()).toBe(`png of images/plano/${calls.plan.image}`);
    const row = await db.photos.get(`plano/${calls.plan.image}`);
    expect(row?.kind).toBe('plan');
    expect(row?.bytes).toBe(stored?.blob.size);
  });

  it('downloads the image again only when its name changed, and keeps one plan', async () => {
    calls.plan = planNamed('a');
    await precachePlan();
    calls.plan = { ...planNamed('a'), bounds: { ...BOUNDS, north: -20.383 } };
    await precachePlan();
    expect(calls.images).toHaveLength(1);
    expect((await readStoredPlan())?.plan.bounds.north).toBe(-20.383);

    calls.plan = planNamed('b');
    await precachePlan();
    expect(calls.images).toHaveLength(2);
    const plans = await db.photos.where('kind').equals('plan').toArray();
    expect(plans.map((p) => p.path)).toEqual([`plano/${planNamed('b').image}`]);
    expect((await db.meta.get(PLAN_META_KEY))?.value).toEqual(planNamed('b'));
  });

  it('turns a full device into an ApiFailure with a pt-BR message, storing nothing', async () => {
    calls.plan = planNamed('c');
    vi.spyOn(db.photos, 'put').mockRejectedValue(
      new DOMException('sem espaço', 'QuotaExceededError'),
    );
    const failure = await precachePlan().catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect((failure as ApiFailure).status).toBe(STORAGE_FULL_STATUS);
    expect((failure as ApiFailure).message).toBe(MAP_MSG.planStoreFull);
    expect(await db.meta.get(PLAN_META_KEY)).toBeUndefined();
  });

  it('passes on a network failure as an offline ApiFailure', async () => {
    const { request } = await import('../../src/data/api');
    vi.mocked(request).mockRejectedValueOnce(new ApiFailure(0, MAP_MSG.planLoadError));
    const failure = (await precachePlan().catch((err: unknown) => err)) as ApiFailure;
    expect(failure.offline).toBe(true);
  });
});

describe("the plans of the cemeteries held (the visit pack's)", () => {
  const A = 'a'.repeat(24);
  const B = 'b'.repeat(24);
  /** The last page of a walk (no record changed) saying the cemetery's plan. */
  const lastPage = (plano: PlanMeta | null): PackAnswer => ({
    cursor: '1.2.3.4',
    hasMore: false,
    reset: false,
    deleted: [],
    again: [],
    ...encodePackRecords([]),
    plano,
  });
  const planImages = async () =>
    (await db.photos.where('kind').equals('plan').primaryKeys()).sort();

  beforeEach(async () => {
    calls.plan = null;
    calls.images = [];
    await Promise.all([db.photos.clear(), db.meta.clear(), db.packs.clear(), db.packPages.clear()]);
    await db.packs.bulkPut([freshMeta(A, 'Cemitério da Saudade'), freshMeta(B, 'São João')]);
  });

  it('keeps each pack’s plan, and a changed one replaces it at the next delta sync', async () => {
    await applyPackPage(db, A, lastPage(planNamed('a')), 10);
    await applyPackPage(db, B, lastPage(planNamed('b')), 10);
    // Not stored with the pages (no record came).
    expect(await db.packPages.count()).toBe(0);
    await keepPackPlans();
    expect((await readStoredPlan(A))?.plan).toEqual(planNamed('a'));
    expect((await readStoredPlan(B))?.plan).toEqual(planNamed('b'));
    expect(calls.images).toHaveLength(2);

    // Unchanged: nothing asked.
    await keepPackPlans();
    expect(calls.images).toHaveLength(2);

    // The admin uploaded a new image for A: the delta's last page says so.
    const changed = { ...planNamed('c'), updatedAt: '2026-11-23T03:00:00.000Z' };
    await applyPackPage(db, A, lastPage(changed), 10);
    await keepPackPlans();
    expect((await readStoredPlan(A))?.plan).toEqual(changed);
    expect(calls.images).toEqual([
      `images/plano/${planNamed('a').image}`,
      `images/plano/${planNamed('b').image}`,
      `images/plano/${changed.image}`,
    ]);
    expect(await planImages()).toEqual(
      [`plano/${changed.image}`, `plano/${planNamed('b').image}`].sort(),
    );
    // Corners alone: no image downloaded, the new corners kept.
    const corners = { ...changed, bounds: { ...BOUNDS, north: -20.38 }, updatedAt: 'later' };
    await applyPackPage(db, A, lastPage(corners), 10);
    await keepPackPlans();
    expect((await readStoredPlan(A))?.plan.bounds.north).toBe(-20.38);
    expect(calls.images).toHaveLength(3);

    // The plan is gone on the server (null): forgotten; a removed pack's plan goes too.
    await applyPackPage(db, A, lastPage(null), 10);
    await keepPackPlans();
    expect(await readStoredPlan(A)).toBeNull();
    await forgetPlan(db, B);
    expect(await readStoredPlan(B)).toBeNull();
    expect(await planImages()).toEqual([]);
  });

  it("finds a record's cemetery by its name: the packs, then the list kept on the device", async () => {
    expect(await planCemetery('cemiterio da  saudade', false)).toBe(A);
    expect(await planCemetery('Cemitério do Carmo', false)).toBeNull();
    await db.meta.put({
      key: 'cemiterios',
      value: [{ id: 'c'.repeat(24), nome: 'Cemitério do Carmo' }],
    });
    expect(await planCemetery('Cemitério do Carmo', false)).toBe('c'.repeat(24));
    expect(await planCemetery(null, false)).toBeNull();
  });
});

describe("the plans of the crew's day (keepMissingPlans)", () => {
  const A = 'a'.repeat(24);
  const B = 'b'.repeat(24);
  beforeEach(async () => {
    calls.plan = null;
    calls.images = [];
    await Promise.all([db.photos.clear(), db.meta.clear()]);
  });

  it('asks once per cemetery lacking a plan, and a failure leaves the others kept', async () => {
    const { request } = await import('../../src/data/api');
    const asked = () => vi.mocked(request).mock.calls.map(([path]) => path);
    vi.mocked(request).mockClear();
    calls.plan = planNamed('a');
    // A's ask fails (no signal): B is kept all the same, and nothing is thrown.
    vi.mocked(request).mockRejectedValueOnce(new ApiFailure(0, MAP_MSG.planLoadError));
    await keepMissingPlans([A, B, A]);
    expect(asked()).toEqual([`cemiterios/${A}/plano`, `cemiterios/${B}/plano`]);
    expect(await readStoredPlan(A)).toBeNull();
    expect((await readStoredPlan(B))?.plan).toEqual(planNamed('a'));
    // Next day list: only A is asked for.
    await keepMissingPlans([A, B]);
    expect(asked().slice(2)).toEqual([`cemiterios/${A}/plano`]);
    expect((await readStoredPlan(A))?.plan).toEqual(planNamed('a'));
  });
});
