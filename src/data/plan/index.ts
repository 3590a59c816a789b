/**
 * The cemetery plans' door: the admin's plan and labels, the plan drawn by the map (the device
 * copy first) and keeping a plan on the device.
 */
export { fetchLabels, fetchPlan, savePlan } from './plan-calls';
export { planCemetery } from './plan-cemetery';
export { type PlanMeta, precachePlan } from './plan-offline';
export { type DrawablePlan, useStoredPlan } from './use-stored-plan';
