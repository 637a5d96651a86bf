-- Document numbers past 9,999 in a year (docs/decisions/020-money-and-payments.md): lpad cut a longer
-- number down to its first four digits (the 10,000th invoice of a year came out as INV-<year>-1000 and
-- was refused by the unique index). Four digits at least; more when the year needs them.
CREATE OR REPLACE FUNCTION next_document_number(doc_kind TEXT, doc_year INTEGER) RETURNS TEXT
LANGUAGE plpgsql AS $$
DECLARE
    n INTEGER;
BEGIN
    INSERT INTO "DocumentCounter" ("kind", "year", "last") VALUES (doc_kind, doc_year, 1)
    ON CONFLICT ("kind", "year") DO UPDATE SET "last" = "DocumentCounter"."last" + 1
    RETURNING "last" INTO n;
    RETURN doc_kind || '-' || doc_year || '-' || CASE WHEN n < 10000 THEN lpad(n::TEXT, 4, '0') ELSE n::TEXT END;
END;
$$;
