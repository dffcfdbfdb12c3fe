import type { PermissionCode, Side } from '@fieldpay/domain';
import type { DbOrTx, Tx } from '../db/client';
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
 * One menu entry with what hangs below it: top item, group, page (three levels per side). Entries
 * of the same url from several contributors are one entry, their children merged in order.
 */
export interface MenuEntry {
  name: string;
  url: string;
  component?: string;
  remarks?: string;
  icon?: string;
  /** hidden from menus but routable */
  hidden?: boolean;
  /** a page: the code of the PERMISSIONS catalogue its list is guarded by */
  permission?: PermissionCode;
  /** a top item: where it stands among the side's top items, lower first (see seed/reference-data.ts) */
  position?: number;
  children?: MenuEntry[];
}

/** An area's menu entries per side. */
export type ModuleMenus = Partial<Record<Side, readonly MenuEntry[]>>;

/** Runs work in a withSystem scope of a name given beforehand. */
export type SystemScope = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

/** Run by the demo seed in module-list order, after the base demo rows, when demo data is asked for. */
export interface DemoStep {
  /** names the withSystem scope the step's own rows are read and written in */
  reason: string;
  /**
   * `system` runs work in that named scope; what users do goes through `services` in their own
   * scopes, as their requests would.
   */
  run(services: Services, system: SystemScope): Promise<void>;
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
  /** its screens' menu entries, merged with the platform's into the menu tree at every start */
  menus?: ModuleMenus;
  /** reference rows the area needs on every installation; idempotent, applied at every start */
  seed?(tx: DbOrTx): Promise<void>;
  /**
   * its base demo rows, which the demo steps build on: written in the base transaction after the
   * platform's own (the operator, tenants, their staff) and before the catalogue, in module-list
   * order, drawing on the same seeded faker
   */
  demoBase?(tx: DbOrTx): Promise<void>;
  /** its part of the demo data */
  demo?: DemoStep;
}
