-- Gasless quotes never submitted are deleted once their permit deadline is junction.gasless.retention in the past
-- (GaslessQuotePurge, once a minute, oldest first): the index finds them without reading every quote. Deadlines grow
-- with time, so inserts touch the index's last leaf.
CREATE INDEX gasless_quote_deadline ON gasless_quote (deadline);
