/**
 * The business areas, in the order app.ts registers them. A new area is one folder under
 * src/modules and one line here (docs/adding-a-module.md).
 */
import type { ModuleDefinition } from '../platform/modules';
import { agreementsModule } from './agreements';
import { contentModule } from './content';
import { customersModule } from './customers';
import { dashboardModule } from './dashboard';
import { enterprisesModule } from './enterprises';
import { financeModule } from './finance';
import { invoicesModule } from './invoices';
import { ledgerModule } from './ledger';
import { membersModule } from './members';
import { payoutsModule } from './payouts';
import { personsModule } from './persons';
import { productsModule } from './products';
import { projectsModule } from './projects';
import { settlementsModule } from './settlements';
import { tasksModule } from './tasks';
import { taxModule } from './tax';

export const MODULES: readonly ModuleDefinition[] = [
  projectsModule,
  tasksModule,
  dashboardModule,
  enterprisesModule,
  personsModule,
  agreementsModule,
  customersModule,
  productsModule,
  contentModule,
  payoutsModule,
  ledgerModule,
  financeModule,
  settlementsModule,
  invoicesModule,
  taxModule,
  membersModule,
];
