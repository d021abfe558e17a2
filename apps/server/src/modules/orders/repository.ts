// The orders module's queries, the only place it touches the database, by what they concern: orders
// themselves, their lines and rounds, and the money on them. The use cases import this file alone.
export * from './repository/orders';
export * from './repository/lines';
export * from './repository/payments';
