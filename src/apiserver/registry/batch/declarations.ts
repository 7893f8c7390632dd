// The resources of the batch group this server serves, each one declaration (see ../resource.ts).
import type { ResourceDeclaration } from '../resource.ts';
import { cronJobsDeclaration } from './cronjobs/declaration.ts';
import { jobsDeclaration } from './jobs/declaration.ts';

export function batchDeclarations(): ResourceDeclaration<any, any>[] {
  return [cronJobsDeclaration(), jobsDeclaration()];
}
