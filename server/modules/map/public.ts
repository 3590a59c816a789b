/**
 * What other modules may use of the cemetery plan (the one door between modules, checked by
 * .dependency-cruiser.cjs): reading and saving a plan, and the plan form's shape.
 */
export { PLAN_FORM, planUpdateOf } from './map-routes';
export { getPlan, type PlanRow, savePlan, toPlan } from './plan';
