import type { Guards } from '../http/access';
import type { ZodApp } from '../http/types';
import type { Services } from '../services';
import type { AnyExportDefinition } from './exports/definition';
import type { LookupHandlers } from './lookups/registry';

/** What a module's routes receive. */
export interface RouteDeps {
  app: ZodApp;
  services: Services;
  guards: Guards;
}

/**
 * A business area, as app.ts registers it from the one list in modules/index.ts. The platform
 * never imports a module: modules hand it what it runs for them (docs/adding-a-module.md).
 */
export interface ModuleDefinition {
  /** the area's folder name under src/modules */
  name: string;
  /** its calls; each declares its access (http/access.ts) */
  routes?(deps: RouteDeps): void;
  /** the remote-select lookups of the catalogue (domain's LOOKUPS) that this area answers */
  lookups?: LookupHandlers;
  /** exports of its lists, run by the export centre's job */
  exports?: readonly AnyExportDefinition[];
  /** durable jobs, registered on `services.jobs` before the queue starts */
  jobs?(services: Services): void;
}
