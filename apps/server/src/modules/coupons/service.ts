import {
  couponDiscount,
  couponRuleErrors,
  type Coupon,
  type CouponValidation,
  type CreateCouponBody,
  type UpdateCouponBody,
  type ValidateCouponBody,
} from '@quan/contract/coupon';
import type { Database, Executor } from '../../db/client';
import { badRequest, conflict, isUniqueViolation, notFound, type AppError } from '../../lib/app-error';
import { randomInt } from 'node:crypto';
import { PRIZE_VALID_DAYS } from '@quan/contract/spin-wheel';
import { newId } from '../../lib/ids';
import { formatVnd } from '@quan/contract/money';
import { addDays, formatDay, localDay } from '../../lib/local-day';
import type { Settings } from '@quan/contract/settings';
import { requireBranches } from '../branches/service';
import type { SettingsService } from '../settings/service';

/** An order's use of a coupon, inside the order's transaction. */
export interface CouponClaim {
  /** Read before the transaction (a query outside it would wait for it on PGlite). */
  settings: Settings;
  /** The order's branch: a coupon limited to other branches is refused. */
  branchId: string;
  code: string;
  subtotal: number;
  customerId: string | null;
}
import * as repo from './repository';

/** A coupon as the API shows it; `branchIds` empty: good in every branch. */
export function toCoupon(row: repo.CouponRow, branchIds: string[] = []): Coupon {
  return {
    _id: row.id,
    code: row.code,
    description: row.description,
    discountType: row.discountType,
    discountValue: row.discountValue,
    minOrderValue: row.minOrderValue,
    maxDiscount: row.maxDiscount,
    startDate: row.startDate,
    endDate: row.endDate,
    usageLimit: row.usageLimit,
    usedCount: row.usedCount,
    isActive: row.isActive,
    spinWeight: row.spinWeight,
    customerId: row.customerId,
    branchIds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

interface Use {
  branchId: string;
  /** The branches the coupon is limited to; empty: every branch. */
  branchIds: string[];
  subtotal: number;
  customerId: string | null;
  today: string;
}

/** Why this coupon cannot be used for this order today, as a refusal (409); null when it can. */
function refusal(coupon: repo.CouponRow, use: Use): AppError | null {
  const name = `Coupon ${coupon.code}`;
  const params = { coupon: coupon.code };
  if (!coupon.isActive) return conflict(`${name} is not active`).because('COUPON_INACTIVE', params);
  if (use.branchIds.length > 0 && !use.branchIds.includes(use.branchId)) {
    return conflict(`${name} cannot be used in this branch`).because('COUPON_OTHER_BRANCH', params);
  }
  if (coupon.startDate && coupon.startDate > use.today) {
    const day = formatDay(coupon.startDate);
    return conflict(`${name} starts on ${day}`).because('COUPON_NOT_STARTED', { ...params, day });
  }
  if (coupon.endDate && coupon.endDate < use.today) {
    const day = formatDay(coupon.endDate);
    return conflict(`${name} expired on ${day}`).because('COUPON_EXPIRED', { ...params, day });
  }
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) return usedUp(coupon);
  if (coupon.customerId && coupon.customerId !== use.customerId) {
    return conflict(`${name} belongs to another customer; attach them to the order`).because(
      'COUPON_OTHER_CUSTOMER',
      params,
    );
  }
  if (use.subtotal < coupon.minOrderValue) {
    const least = formatVnd(coupon.minOrderValue);
    return conflict(`${name} needs an order of at least ${least}`).because('COUPON_MIN_ORDER', { ...params, least });
  }
  return null;
}

const usedUp = (coupon: repo.CouponRow) =>
  conflict(`Coupon ${coupon.code} has been used up`).because('COUPON_USED_UP', { coupon: coupon.code });

/** Letters and digits that cannot be mistaken for each other when read aloud or printed (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** "SPIN-7KQ2M9XA": 40 random bits, so a code cannot be guessed from another. */
function newPrizeCode(): string {
  let code = 'SPIN-';
  for (let i = 0; i < 8; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

const unknownCoupon = (code: string) =>
  conflict(`There is no coupon ${code}`).because('COUPON_UNKNOWN', { coupon: code });
const missingCoupon = () =>
  notFound('That coupon does not exist (it may have been deleted)').because('COUPON_NOT_FOUND');
const codeTaken = (code: string) => conflict(`Coupon ${code} already exists`).because('COUPON_TAKEN', { coupon: code });

export function createCouponsService({ db, settings }: { db: Database; settings: Pick<SettingsService, 'get'> }) {
  /** The branch's day: a coupon's first and last days are read in the time zone of the branch using it. */
  const today = async (branchId: string) => localDay((await settings.get(branchId)).timezone);

  async function withBranches(executor: Executor, row: repo.CouponRow): Promise<Coupon> {
    return toCoupon(row, (await repo.listCouponBranches(executor, [row.id])).get(row.id));
  }

  return {
    async list(): Promise<Coupon[]> {
      const rows = await repo.listCoupons(db);
      const branches = await repo.listCouponBranches(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toCoupon(row, branches.get(row.id)));
    },

    async create(body: CreateCouponBody): Promise<Coupon> {
      const { branchIds, ...fields } = body;
      try {
        return await db.transaction(async (tx) => {
          await requireBranches(tx, branchIds ?? []);
          const row = await repo.insertCoupon(tx, { id: newId(), ...fields });
          await repo.replaceCouponBranches(tx, row.id, branchIds ?? []);
          return withBranches(tx, row);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw codeTaken(body.code);
        throw error;
      }
    },

    async update(id: string, body: UpdateCouponBody): Promise<Coupon> {
      const { branchIds, ...fields } = body;
      try {
        return await db.transaction(async (tx) => {
          const current = await repo.lockCoupon(tx, id);
          if (!current) throw missingCoupon();
          const errors = couponRuleErrors({ ...current, ...body });
          if (errors.length) throw badRequest('The coupon breaks a rule', errors).because('COUPON_RULE_BROKEN');
          if (body.usageLimit != null && body.usageLimit < current.usedCount) {
            throw badRequest(`The coupon has been used ${current.usedCount} times already`, [
              { path: 'usageLimit', message: 'Lower than the times it has been used' },
            ]).because('COUPON_LIMIT_BELOW_USES', { used: current.usedCount });
          }
          await requireBranches(tx, branchIds ?? []);
          const row = await repo.updateCoupon(tx, id, fields);
          if (branchIds) await repo.replaceCouponBranches(tx, id, branchIds);
          return withBranches(tx, row!);
        });
      } catch (error) {
        if (body.code && isUniqueViolation(error)) throw codeTaken(body.code);
        throw error;
      }
    },

    async remove(id: string): Promise<void> {
      if (!(await repo.deleteCoupon(db, id))) throw missingCoupon();
    },

    /** Whether the code works in this branch for this subtotal now, and what it takes off; 409 with the reason if not. */
    async validate(branchId: string, body: ValidateCouponBody): Promise<CouponValidation> {
      const coupon = await repo.findCouponByCode(db, body.code);
      if (!coupon) throw unknownCoupon(body.code);
      const branchIds = (await repo.listCouponBranches(db, [coupon.id])).get(coupon.id) ?? [];
      const reason = refusal(coupon, {
        branchId,
        branchIds,
        subtotal: body.subtotal,
        customerId: body.customerId ?? null,
        today: await today(branchId),
      });
      if (reason) throw reason;
      return { coupon: toCoupon(coupon, branchIds), discount: couponDiscount(coupon, body.subtotal) };
    },

    /** Inside the order's transaction: uses one use and returns the discount, or refuses with the reason. */
    async redeem(tx: Executor, claim: CouponClaim): Promise<{ couponId: string; discount: number }> {
      const use = {
        branchId: claim.branchId,
        subtotal: claim.subtotal,
        customerId: claim.customerId,
        today: localDay(claim.settings.timezone),
      };
      const redeemed = await repo.redeem(tx, { ...use, code: claim.code });
      if (redeemed) return { couponId: redeemed.id, discount: couponDiscount(redeemed, claim.subtotal) };
      const coupon = await repo.findCouponByCode(tx, claim.code);
      if (!coupon) throw unknownCoupon(claim.code);
      const branchIds = (await repo.listCouponBranches(tx, [coupon.id])).get(coupon.id) ?? [];
      // Every rule held when read but the UPDATE found none left: another order took the last use.
      throw refusal(coupon, { ...use, branchIds }) ?? usedUp(coupon);
    },

    /**
     * Inside an order's transaction, when its subtotal changed (a round added, a dish voided): what the
     * coupon it used takes off now. A percentage follows the subtotal; below the minimum order it takes nothing.
     */
    async discountFor(tx: Executor, couponId: string, subtotal: number): Promise<number> {
      const coupon = await repo.findCoupon(tx, couponId);
      if (!coupon || subtotal < coupon.minOrderValue) return 0;
      return couponDiscount(coupon, subtotal);
    },

    /** Inside a cancellation's transaction: gives the use back. */
    release: (tx: Executor, couponId: string) => repo.release(tx, couponId),

    /** The coupons on the branch's spin wheel today. */
    spinPrizes: (executor: Executor, branchId: string, today: string) => repo.spinPrizes(executor, branchId, today),

    /** Inside a spin's transaction: a new single-use coupon like the prize (and its branches), for that customer only. */
    async issueSpinPrize(
      tx: Executor,
      prize: { sourceId: string; customer: { id: string; name: string }; label: string; today: string },
    ): Promise<Coupon> {
      const source = await repo.findCoupon(tx, prize.sourceId);
      if (!source) throw missingCoupon();
      const issued = await repo.insertCoupon(tx, {
        id: newId(),
        code: newPrizeCode(),
        description: `Spin-wheel prize for ${prize.customer.name}: ${prize.label}`,
        discountType: source.discountType,
        discountValue: source.discountValue,
        minOrderValue: source.minOrderValue,
        maxDiscount: source.maxDiscount,
        startDate: prize.today,
        endDate: addDays(prize.today, PRIZE_VALID_DAYS - 1),
        usageLimit: 1,
        customerId: prize.customer.id,
      });
      const branchIds = (await repo.listCouponBranches(tx, [source.id])).get(source.id) ?? [];
      await repo.replaceCouponBranches(tx, issued.id, branchIds);
      return toCoupon(issued, branchIds);
    },
  };
}

export type CouponsService = ReturnType<typeof createCouponsService>;
