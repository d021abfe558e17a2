import { v7 } from 'uuid';

/** Entity ids are UUID v7 (the contract's `idSchema`): time-ordered, so new rows land at the end of the primary key index. */
export const newId = (): string => v7();
