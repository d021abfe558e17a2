import { randomUUID } from 'node:crypto';
import type { Server as HttpsServer } from 'node:https';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { configureZodMessages } from '@quan/contract/zod-messages';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { createEventBus, type EventBus } from './events/bus';
import { createTransact } from './events/transact';
import { loadJwtSecret } from './lib/jwt-secret';
import { maskSecretsInUrl } from './lib/log-safe-url';
import { fastifyTrustProxy } from './lib/proxy-trust';
import { loadServerTls, type LocalAuthority } from './lib/tls';
import { auditRoutes } from './modules/audit/routes';
import { branchRoutes } from './modules/branches/routes';
import { createBranchesService, type BranchesService } from './modules/branches/service';
import { createAuditService, type AuditService } from './modules/audit/service';
import { couponRoutes } from './modules/coupons/routes';
import { createCouponsService, type CouponsService } from './modules/coupons/service';
import { customerRoutes } from './modules/customers/routes';
import { exportRoutes } from './modules/exports/routes';
import { createExportsService } from './modules/exports/service';
import { createCustomersService, type CustomersService } from './modules/customers/service';
import { einvoiceSettingsRoutes } from './modules/einvoices/settings-routes';
import { createEinvoicesService, type EinvoicesService } from './modules/einvoices/service';
import { einvoiceListRoutes, orderInvoiceRoutes } from './modules/einvoices/einvoice-routes';
import { onSaleInvoiceSettled } from './modules/einvoices/receipt-after-invoice';
import { healthRoutes } from './modules/health/routes';
import { ingredientRoutes } from './modules/ingredients/routes';
import { createIngredientsService, type IngredientsService } from './modules/ingredients/service';
import { stockTransferRoutes } from './modules/ingredients/transfer-routes';
import { createStockTransfersService } from './modules/ingredients/transfers';
import { categoryRoutes, itemRoutes } from './modules/menu/routes';
import { createMenuService, type MenuService } from './modules/menu/service';
import { optionGroupRoutes } from './modules/option-groups/routes';
import { createOptionGroupService, type OptionGroupService } from './modules/option-groups/service';
import { printBridgeRoutes } from './modules/printing/bridge-routes';
import { printerRoutes } from './modules/printing/routes';
import { createPrintingService, type PrintingService } from './modules/printing/service';
import { stationRoutes } from './modules/stations/routes';
import { createStationService, type StationService } from './modules/stations/service';
import { orderRoutes } from './modules/orders/routes';
import { publicRoutes } from './modules/public/routes';
import { reportRoutes } from './modules/reports/routes';
import { reconciliationRoutes } from './modules/einvoices/reconciliation-routes';
import { publicBookingRoutes, reservationRoutes } from './modules/reservations/routes';
import { createReservationsService, startFiringDue, type ReservationsService } from './modules/reservations/service';
import { createReportsService, type ReportsService } from './modules/reports/service';
import { createPublicMenu } from './modules/public/service';
import { createDinerBranches } from './modules/public/diner-branch';
import { bankNotificationRoutes } from './modules/orders/bank-routes';
import { createOrdersService, type OrdersService } from './modules/orders/service';
import { settingsRoutes } from './modules/settings/routes';
import { spinWheelRoutes } from './modules/spin-wheel/routes';
import { createSpinWheelService, type SpinWheelService } from './modules/spin-wheel/service';
import { createSettingsService, type SettingsService } from './modules/settings/service';
import { shiftRoutes } from './modules/shifts/routes';
import { createShiftsService } from './modules/shifts/service';
import { tableRoutes } from './modules/tables/routes';
import { createTablesService, type TablesService } from './modules/tables/service';
import { createApprovals } from './modules/users/approvals';
import { createDeviceMarks } from './modules/users/device-marks';
import { userRoutes } from './modules/users/routes';
import { createUsersService, type UsersService } from './modules/users/service';
import { createSessionService, type SessionService } from './modules/users/sessions';
import { callerConstraint, registerAccessGuard, type DeclaredAccess } from './plugins/auth';
import { registerDocs } from './plugins/docs';
import { registerErrorHandler } from './plugins/errors';
import { registerLifecycle } from './plugins/lifecycle';
import { registerMetrics } from './plugins/metrics';
import { registerRateLimits, signInThrottle } from './plugins/rate-limit';
import { createRealtime, type Realtime } from './plugins/realtime';
import { registerSecurityHeaders } from './plugins/security-headers';
import { tlsRoutes } from './plugins/tls';
import { registerPublicPages } from './plugins/public-pages';
import { registerWebApp } from './plugins/web';

export interface Services {
  sessions: SessionService;
  branches: BranchesService;
  audit: AuditService;
  users: UsersService;
  settings: SettingsService;
  menu: MenuService;
  optionGroups: OptionGroupService;
  stations: StationService;
  tables: TablesService;
  ingredients: IngredientsService;
  orders: OrdersService;
  reports: ReportsService;
  customers: CustomersService;
  coupons: CouponsService;
  spinWheel: SpinWheelService;
  reservations: ReservationsService;
  printing: PrintingService;
  einvoices: EinvoicesService;
}

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    /** The committed domain events (events/bus.ts). */
    events: EventBus;
    realtime: Realtime;
    services: Services;
    /** Every API route and the access it declared (plugins/auth.ts). */
    declaredAccess: DeclaredAccess[];
    /** With HTTPS=self-signed, the certificate authority tablets trust (lib/tls.ts); null otherwise. */
    localAuthority: LocalAuthority | null;
  }
}

const ONE_MEGABYTE = 1024 * 1024;

/**
 * Builds the whole server (API, socket, web app) without listening; tests call it too. With config.https it
 * is an HTTPS server, its certificate read, or made and kept in DATA_DIR/tls, first. `logStream` takes the log
 * in place of standard output, for a test to read.
 */
export async function buildApp(
  config: Config,
  { logStream }: { logStream?: { write(line: string): void } } = {},
): Promise<FastifyInstance> {
  configureZodMessages();
  const tls = config.https ? await loadServerTls(config.https, config.dataDir) : null;
  const options = {
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            // Bodies are not logged; should one ever be (a request body, an object given to a log call), a
            // password in it is not: the e-invoice settings carry one, the sign-in another.
            redact: [
              'req.headers.authorization',
              'req.headers.cookie',
              'res.headers["set-cookie"]',
              'req.body.password',
              'password',
              '*.password',
            ],
            serializers: {
              // Fastify's own fields of a request, its URL without the secrets some links carry.
              req: (request: FastifyRequest) => ({
                method: request.method,
                url: maskSecretsInUrl(request.url),
                host: request.host,
                remoteAddress: request.ip,
                remotePort: request.socket.remotePort,
              }),
            },
            // Read by a person at a terminal, written as JSON lines for anything else (see LOG_FORMAT), or into
            // the stream given.
            ...(logStream
              ? { stream: logStream }
              : config.prettyLogs
                ? {
                    transport: {
                      target: 'pino-pretty',
                      options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
                    },
                  }
                : {}),
          },
    bodyLimit: ONE_MEGABYTE,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
    // A request that reaches a stopping instance on a connection it already had is served (with
    // `Connection: close`), not refused with a 503: see plugins/lifecycle.ts.
    return503OnClosing: false,
  };
  // Typed as the plain-HTTP instance the rest of the app is written for: Node's https.Server is an
  // http.Server with TLS in front (same request events and methods), and socket.io attaches to either.
  const app = tls
    ? (Fastify<HttpsServer>({ ...options, https: { key: tls.key, cert: tls.cert } }) as unknown as FastifyInstance)
    : Fastify(options);
  for (const note of tls?.notes ?? []) app.log[note.level](note.message);
  app.decorate('localAuthority', tls?.authority ?? null);
  registerLifecycle(app, config.shutdown);
  app.addConstraintStrategy(callerConstraint);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Callback style, not async: it runs on every response, and a promise per request costs more than the header.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  const database = await openDatabase(config.database, (error) =>
    app.log.warn({ err: error }, 'an idle database connection failed; the pool will replace it'),
  );
  app.addHook('onClose', () => database.close());
  app.decorate('database', database);

  await app.register(cookie);
  registerSecurityHeaders(app);

  await registerRateLimits(app, config);
  registerMetrics(app);
  await registerDocs(app);

  const events = await createEventBus({ redis: config.redis ?? undefined, log: app.log });
  app.addHook('onClose', () => events.close());
  app.decorate('events', events);
  const transact = createTransact(database.db, events);
  const db = database.db;

  // Read once: the sessions sign with it and the sign-in device marks are keyed from it.
  const jwtSecret = config.jwt.secret ?? loadJwtSecret(config.dataDir);
  const branches = createBranchesService(db, transact);
  const sessions = createSessionService(db, { secret: jwtSecret, ttlSeconds: config.jwt.ttlSeconds }, events, branches);
  const realtime = createRealtime(app, events, sessions.authenticate);
  app.decorate('realtime', realtime);
  const settings = createSettingsService(db, transact, events, config.restaurantLanguage);
  const menu = createMenuService(db, transact, events);
  const tables = createTablesService(db, transact);
  const dinerBranches = createDinerBranches(branches, events);
  const publicMenu = createPublicMenu(menu, settings, dinerBranches, events);
  const ingredients = createIngredientsService({ db, transact });
  const reports = createReportsService({ db, settings });
  const customers = createCustomersService({ db, settings });
  const coupons = createCouponsService({ db, settings });
  const users = createUsersService(db, transact, sessions, settings, branches);
  // One throttle for every password typed, so that a sign-in and a manager's approval share its budget.
  const throttle = signInThrottle(app, config.rateLimit);
  const deviceMarks = createDeviceMarks(jwtSecret);
  const approvals = createApprovals(users, throttle, deviceMarks);
  const audit = createAuditService({ db });
  const stockTransfers = createStockTransfersService({ db, transact, audit });
  const printing = createPrintingService({ db, transact, bus: events, settings, branches, audit, log: app.log });
  const shifts = createShiftsService({ db, transact, audit, settings, printing });
  const einvoices = createEinvoicesService({
    db,
    bus: events,
    settings,
    log: app.log,
    // The receipt held for its invoice prints the moment it is issued (with its number and lookup code) or refused.
    onSaleSettled: (row) => onSaleInvoiceSettled({ transact, settings }, row),
  });
  const orders = createOrdersService({
    db,
    transact,
    branches,
    settings,
    menu,
    tables,
    coupons,
    stock: ingredients,
    loyalty: customers,
    sales: reports,
    audit,
    shifts,
    printing,
    einvoices,
  });
  const reservations = createReservationsService({
    db,
    transact,
    settings,
    menu,
    orders,
    stock: ingredients,
    customers,
    branches,
    log: app.log,
  });
  const services: Services = {
    sessions,
    branches,
    audit,
    users,
    settings,
    menu,
    optionGroups: createOptionGroupService(db, transact),
    stations: createStationService(db, transact),
    tables,
    ingredients,
    orders,
    reports,
    customers,
    coupons,
    spinWheel: createSpinWheelService({ db, settings, customers, coupons }),
    reservations,
    printing,
    einvoices,
  };
  app.decorate('services', services);
  printing.startWorker();
  // Before the server waits for its requests: the bridges' long polls answer at once.
  app.addHook('preClose', () => printing.stop());
  einvoices.startWorker();
  app.addHook('preClose', () => einvoices.stop());
  app.addHook('onClose', startFiringDue(reservations, app.log));
  realtime.setOrderFollowCheck(orders.mayFollow);

  const declaredAccess: DeclaredAccess[] = [];
  app.decorate('declaredAccess', declaredAccess);
  await app.register(async (api) => {
    registerAccessGuard(api, sessions.authenticate, declaredAccess);
    await api.register(userRoutes, { prefix: '/api/user', users: services.users, config, throttle, deviceMarks });
    await api.register(settingsRoutes, { prefix: '/api/settings', settings: services.settings });
    await api.register(branchRoutes, { prefix: '/api/branches', branches: services.branches, users: services.users });
    await api.register(categoryRoutes, { prefix: '/api/category', menu });
    await api.register(itemRoutes, { prefix: '/api/item', menu });
    await api.register(optionGroupRoutes, { prefix: '/api/option-group', optionGroups: services.optionGroups });
    await api.register(stationRoutes, { prefix: '/api/station', stations: services.stations });
    await api.register(printerRoutes, { prefix: '/api/printers', printing });
    await api.register(einvoiceSettingsRoutes, { prefix: '/api/einvoice-settings', db, transact, audit });
    await api.register(printBridgeRoutes, { prefix: '/api/print-bridge', delivery: printing.bridgeDelivery });
    await api.register(ingredientRoutes, { prefix: '/api/ingredient', ingredients });
    await api.register(stockTransferRoutes, { prefix: '/api/stock-transfers', stockTransfers });
    await api.register(tableRoutes, { prefix: '/api/table', tables, orders });
    await api.register(orderRoutes, { prefix: '/api/order', orders, config, approvals });
    await api.register(bankNotificationRoutes, {
      prefix: '/api/payments',
      orders,
      secret: config.bankWebhookSecret,
    });
    await api.register(reportRoutes, { prefix: '/api/order', reports });
    await api.register(orderInvoiceRoutes, { prefix: '/api/order', db, transact, audit });
    await api.register(einvoiceListRoutes, { prefix: '/api/einvoices', db });
    await api.register(reconciliationRoutes, { prefix: '/api/einvoices', db, transact, audit, settings });
    await api.register(customerRoutes, { prefix: '/api/customers', customers });
    await api.register(couponRoutes, { prefix: '/api/coupons', coupons });
    await api.register(auditRoutes, { prefix: '/api/audit', audit });
    await api.register(shiftRoutes, { prefix: '/api/shifts', shifts });
    await api.register(reservationRoutes, { prefix: '/api/reservations', reservations });
    await api.register(exportRoutes, {
      prefix: '/api/exports',
      exports: createExportsService({ db, settings, shifts }),
    });
    await api.register(spinWheelRoutes, { prefix: '/api/spin-wheel', spinWheel: services.spinWheel });
    await api.register(tlsRoutes, { prefix: '/api/tls', authority: app.localAuthority });
    await api.register(publicRoutes, { prefix: '/api', publicMenu, dinerBranches, tables, orders, config });
    await api.register(publicBookingRoutes, { prefix: '/api/public', reservations, dinerBranches, config });
  });
  await app.register(healthRoutes, { pingDatabase: database.ping });
  await registerPublicPages(app, { distDir: config.webDistDir, publicMenu, dinerBranches, tables });
  await registerWebApp(app, config.webDistDir);

  return app;
}
