/** What names one enterprise in the enterprise calls: its id and its platform's (tenantId). */
import { z } from 'zod';
import { recordIdSchema } from '../api/ids';

export const enterpriseOwnerSchema = z.object({ enterpriseId: recordIdSchema(), tenantId: recordIdSchema() });
