-- Words the server once wrote into orders in English, now said by the screens in the staff's language:
-- the name of a diner's order that nobody named ("Table 3": the card names the table itself), and the
-- note a merge appended ("Merged into order 5508": the order view reads the merge from the audit trail).
UPDATE "orders" SET "customer_name" = '' WHERE "source" = 'table' AND "customer_name" ~ '^Table [0-9]+$';--> statement-breakpoint
UPDATE "orders" SET "note" = regexp_replace("note", '( · )?Merged into order [0-9]+$', '') WHERE "note" ~ 'Merged into order [0-9]+$';
