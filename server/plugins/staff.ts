import { appPlugin } from '../lib/appPlugin';
import { AuditRepository } from '../repositories/audit';
import { CustomersRepository } from '../repositories/customers';
import { DashboardRepository } from '../repositories/dashboard';
import { ImagesRepository } from '../repositories/images';
import { StaffAccountsRepository } from '../repositories/staffAccounts';
import { StaffCatalogRepository } from '../repositories/staffCatalog';
import { StaffOrdersRepository } from '../repositories/staffOrders';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who changed what and when (the staff console reads it per record). */
    audit: AuditRepository;
    /** The staff order board, order page, refunds and the actor of staff order changes. */
    staffOrders: StaffOrdersRepository;
    /** The staff catalog editor's writes (products, bundles, discounts, settings), each audited. */
    staffCatalog: StaffCatalogRepository;
    /** Staff accounts (create, list, disable), each change audited. */
    staffAccounts: StaffAccountsRepository;
    /** Uploaded product pictures, every width stored in the database. */
    images: ImagesRepository;
    /** The dashboard's figures, each one aggregate query in the shop's time zone. */
    dashboard: DashboardRepository;
    /** Shoppers' accounts for the staff console: the list with its figures, a customer's page, disabling. */
    customers: CustomersRepository;
  }
}

/** The staff side's repositories: one instance each for the whole app, as the shopper side's. */
export default appPlugin('staff', async (app) => {
  const audit = new AuditRepository(app.db);
  app.decorate('audit', audit);
  const staffOrders = new StaffOrdersRepository(app.db);
  app.decorate('staffOrders', staffOrders);
  app.decorate('staffCatalog', new StaffCatalogRepository(app.db, audit));
  app.decorate('staffAccounts', new StaffAccountsRepository(app.db, audit));
  app.decorate('images', new ImagesRepository(app.db, audit));
  app.decorate('dashboard', new DashboardRepository(app.db));
  app.decorate('customers', new CustomersRepository(app.db, audit, staffOrders, app.conversations));
}, { dependencies: ['chat'] });
