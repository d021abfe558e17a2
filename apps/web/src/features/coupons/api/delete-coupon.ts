import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { invalidateCoupons } from './list-coupons';

export async function deleteCoupon(id: string): Promise<void> {
  await apiClient.delete(`/api/coupons/${encodeURIComponent(id)}`);
}

export function useDeleteCoupon() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCoupon, onSettled: () => invalidateCoupons(queryClient) });
}
