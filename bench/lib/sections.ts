/** Extra report sections a scenario adds (e.g. the soak's RSS over time), written by run.ts. */
export const reportSections: string[] = [];
