import type { TestProject } from 'vitest/node';
import { startThrowawayCluster } from '../../scripts/postgres/throwaway-cluster.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway cluster's maintenance database; each test service gets a database of its own in it. */
    postgresUrl: string;
  }
}

/** One throwaway PostgreSQL cluster for the whole run of the postgres project, stopped (and deleted) at its end. */
export default async function setup(project: TestProject): Promise<() => void> {
  const cluster = await startThrowawayCluster();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
