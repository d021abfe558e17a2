import type { Pagination } from '@quan/contract/common';
import {
  normalisePhone,
  type CreateCustomerBody,
  type Customer,
  type CustomerStats,
  type ListCustomersFilter,
  type LoyaltySettings,
  type UpdateCustomerBody,
  type VipEmail,
} from '@quan/contract/customer';
import { foldForSearch } from '@quan/contract/text';
import type { Database, Executor } from '../../db/client';
import { conflict, isUniqueViolation, notFound } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { SettingsService } from '../settings/service';
import * as repo from './repository';

function toCustomer(row: repo.CustomerRow): Customer {
  return {
    _id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    dateOfBirth: row.dateOfBirth,
    address: row.address,
    notes: row.notes,
    status: row.status,
    membershipLevel: row.membershipLevel,
    loyaltyPoints: row.loyaltyPoints,
    totalSpent: row.totalSpent,
    totalOrders: row.totalOrders,
    lastVisit: row.lastVisit?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const searchTextOf = (customer: { name: string; phone: string; email: string }) =>
  foldForSearch(`${customer.name} ${customer.phone} ${customer.email}`);

const missingCustomer = () =>
  notFound('That customer does not exist (it may have been deleted)').because('CUSTOMER_NOT_FOUND');
const phoneTaken = (phone: string) =>
  conflict(`A customer with phone ${phone} already exists`).because('CUSTOMER_PHONE_TAKEN', { phone });

export function createCustomersService({ db, settings }: { db: Database; settings: Pick<SettingsService, 'get'> }) {
  return {
    async list(query: ListCustomersFilter) {
      const { page, limit } = query;
      // A search for a phone number matches however it was typed ("090 123" finds "090123…").
      const search = query.search ? foldForSearch(query.search) : undefined;
      const digits = search?.replace(/[\s.-]/g, '');
      const { rows, total } = await repo.pageCustomers(
        db,
        {
          search: search && digits && /^\+?\d+$/.test(digits) ? digits.replace(/^\+84/, '0') : search,
          status: query.status,
          membershipLevel: query.membershipLevel,
        },
        { offset: (page - 1) * limit, limit, sort: query.sort },
      );
      const pagination: Pagination = {
        currentPage: page,
        totalPages: Math.max(1, Math.ceil(total / limit)),
        totalItems: total,
        itemsPerPage: limit,
      };
      return { customers: rows.map(toCustomer), pagination };
    },

    async get(id: string): Promise<Customer> {
      const row = await repo.findCustomer(db, id);
      if (!row) throw missingCustomer();
      return toCustomer(row);
    },

    async create(body: CreateCustomerBody): Promise<Customer> {
      try {
        const row = await repo.insertCustomer(db, {
          id: newId(),
          ...body,
          searchText: searchTextOf({ email: '', ...body }),
        });
        return toCustomer(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw phoneTaken(body.phone);
        throw error;
      }
    },

    async update(id: string, fields: UpdateCustomerBody): Promise<Customer> {
      try {
        const row = await db.transaction(async (tx) => {
          const current = await repo.lockCustomer(tx, id);
          if (!current) throw missingCustomer();
          return repo.updateCustomer(tx, id, { ...fields, searchText: searchTextOf({ ...current, ...fields }) });
        });
        return toCustomer(row!);
      } catch (error) {
        if (fields.phone && isUniqueViolation(error)) throw phoneTaken(fields.phone);
        throw error;
      }
    },

    async remove(id: string): Promise<void> {
      if (!(await repo.deleteCustomer(db, id))) throw missingCustomer();
    },

    stats: (): Promise<CustomerStats> => repo.customerStats(db),

    async vipEmails(): Promise<VipEmail[]> {
      return (await repo.vipEmails(db)).map((row) => ({
        _id: row.id,
        name: row.name,
        email: row.email,
        membershipLevel: row.level,
      }));
    },

    /** Loyalty is the chain's: its settings read the same through any branch, so the caller's will do. */
    async updateMemberships(branchId: string): Promise<number> {
      const { loyalty } = await settings.get(branchId);
      return db.transaction((tx) => repo.reevaluateLevels(tx, loyalty));
    },

    /**
     * Inside a reservation's transaction: the loyalty customer with this phone, created under the
     * guest's name when the number is new.
     */
    async findOrCreateByPhone(tx: Executor, guest: { name: string; phone: string }): Promise<{ id: string }> {
      const phone = normalisePhone(guest.phone);
      const row = await repo.findOrInsertByPhone(tx, {
        id: newId(),
        name: guest.name,
        phone,
        searchText: searchTextOf({ name: guest.name, phone, email: '' }),
      });
      return { id: row.id };
    },

    /** Inside a reservation's transaction: the guest did not come. */
    addNoShow: (tx: Executor, customerId: string) => repo.addNoShow(tx, customerId),

    /** Inside the completing transaction: credits the order to its customer (points, spend, level). */
    async creditCompletedOrder(
      tx: Executor,
      order: { customerId: string; total: number; completedAt: Date },
      loyalty: LoyaltySettings,
    ): Promise<void> {
      await repo.creditOrder(tx, order, loyalty);
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
