import type { AuditEntry } from '../../domain/audit';
import type { StaffOrderDetail } from '../../domain/staffOrders';

/**
 * The staff API's answers as the console reads them: the wire shapes are declared once in
 * src/domain (staffOrders.ts, audit.ts), which the server sends them by.
 */
export type { AuditEntry } from '../../domain/audit';
export type {
  OrderBoardPage,
  OrderEvent,
  OrderStatusResult,
  StaffConversation,
  StaffCustomer,
  StaffOrderDetail,
  StaffOrderSummary,
  StaffThread,
} from '../../domain/staffOrders';

/** GET /api/staff/orders/:id */
export interface StaffOrderPage {
  order: StaffOrderDetail;
  audit: AuditEntry[];
}
