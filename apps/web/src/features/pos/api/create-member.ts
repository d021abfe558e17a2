import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@quan/contract/common';
import type { CreateCustomerBody, Customer } from '@quan/contract/customer';
import { apiClient } from '../../../lib/api-client';
import { invalidateCustomers } from '../../../lib/customer-queries';

/** Signs a guest up at the counter: a customer with a name and a phone (POST /api/customers). */
export async function createMember(body: Pick<CreateCustomerBody, 'name' | 'phone'>): Promise<Customer> {
  const response = await apiClient.post<Envelope<Customer>>('/api/customers', body);
  return response.data.data;
}

export function useCreateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMember,
    onSettled: () => invalidateCustomers(queryClient),
  });
}
