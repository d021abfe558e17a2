import { randomInt } from 'node:crypto';
import { discountLabel } from '@quan/contract/coupon';
import { NO_PRIZE_LABEL, type SpinPrize, type SpinRecord, type SpinResult } from '@quan/contract/spin-wheel';
import type { Database, Executor } from '../../db/client';
import { conflict, isForeignKeyViolation, isUniqueViolation, notFound } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { localDay } from '../../lib/local-day';
import type { CouponsService } from '../coupons/service';
import type { CustomersService } from '../customers/service';
import type { SettingsService } from '../settings/service';
import * as repo from './repository';

/** A draw in [0, max): crypto by default, replaceable in tests. */
export type RandomSource = (max: number) => number;

interface Segment {
  couponId: string | null;
  label: string;
  weight: number;
}

const RECENT_SPINS = 20;

export interface SpinWheelDeps {
  db: Database;
  settings: Pick<SettingsService, 'get'>;
  customers: Pick<CustomersService, 'get'>;
  coupons: Pick<CouponsService, 'spinPrizes' | 'issueSpinPrize'>;
  random?: RandomSource;
}

export function createSpinWheelService({ db, settings, customers, coupons, random = randomInt }: SpinWheelDeps) {
  /**
   * The wheel: every prize coupon with its weight, then "better luck next time", which weighs as much as
   * all prizes together, so about every other spin wins.
   */
  async function segments(executor: Executor, branchId: string, today: string): Promise<Segment[]> {
    const prizes = (await coupons.spinPrizes(executor, branchId, today)).map((coupon) => ({
      couponId: coupon.id,
      label: coupon.description || discountLabel(coupon),
      weight: coupon.spinWeight,
    }));
    const prizeWeight = prizes.reduce((sum, prize) => sum + prize.weight, 0);
    return [...prizes, { couponId: null, label: NO_PRIZE_LABEL, weight: Math.max(1, prizeWeight) }];
  }

  /** The segment a draw in [0, total weight) lands on. */
  function pick(wheel: Segment[]): number {
    const total = wheel.reduce((sum, segment) => sum + segment.weight, 0);
    let draw = random(total);
    for (const [index, segment] of wheel.entries()) {
      if (draw < segment.weight) return index;
      draw -= segment.weight;
    }
    return wheel.length - 1;
  }

  return {
    /** The wheel of the branch: the prizes good there, on its day. */
    async prizes(branchId: string): Promise<SpinPrize[]> {
      const today = localDay((await settings.get(branchId)).timezone);
      return segments(db, branchId, today);
    },

    /**
     * One spin for an active customer, at most one per local day (the spins table's unique key decides
     * under concurrency). A prize issues a new single-use coupon for that customer, valid 30 days.
     */
    async spin(actor: { id: string; branchId: string }, customerId: string): Promise<SpinResult> {
      const today = localDay((await settings.get(actor.branchId)).timezone);
      const customer = await customers.get(customerId);
      if (customer.status !== 'active') {
        throw conflict(`${customer.name} is inactive and cannot spin the wheel`).because('SPIN_CUSTOMER_INACTIVE', {
          name: customer.name,
        });
      }
      try {
        return await db.transaction(async (tx) => {
          const wheel = await segments(tx, actor.branchId, today);
          const segmentIndex = pick(wheel);
          const segment = wheel[segmentIndex]!;
          const spinId = newId();
          await repo.insertSpin(tx, {
            id: spinId,
            customerId,
            spunOn: today,
            label: segment.label,
            prizeCouponId: segment.couponId,
            spunById: actor.id,
          });
          if (!segment.couponId) return { segmentIndex, prize: null, coupon: null };
          const coupon = await coupons.issueSpinPrize(tx, {
            sourceId: segment.couponId,
            customer: { id: customerId, name: customer.name },
            label: segment.label,
            today,
          });
          await repo.recordPrize(tx, spinId, { id: coupon._id, code: coupon.code });
          return { segmentIndex, prize: { couponId: segment.couponId, label: segment.label }, coupon };
        });
      } catch (error) {
        if (isUniqueViolation(error, 'spins_one_per_day')) {
          throw conflict(`${customer.name} has already spun the wheel today; come back tomorrow`).because(
            'SPIN_ALREADY_TODAY',
            { name: customer.name },
          );
        }
        if (isForeignKeyViolation(error, 'spins_customer_id_customers_id_fk')) {
          throw notFound(`${customer.name} was deleted meanwhile`).because('CUSTOMER_DELETED', { name: customer.name });
        }
        throw error;
      }
    },

    async recent(): Promise<SpinRecord[]> {
      const rows = await repo.recentSpins(db, RECENT_SPINS);
      return rows.map(({ spin, customer, spunBy }) => ({
        _id: spin.id,
        customer: customer ? { _id: customer.id, name: customer.name } : null,
        label: spin.label,
        couponCode: spin.issuedCode,
        spunBy: spunBy ? { _id: spunBy.id, name: spunBy.name } : null,
        createdAt: spin.createdAt.toISOString(),
      }));
    },
  };
}

export type SpinWheelService = ReturnType<typeof createSpinWheelService>;
