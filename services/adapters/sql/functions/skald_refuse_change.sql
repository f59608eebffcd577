-- skald_refuse_change: the trigger that keeps events, commands and dice_seeds append-only.
--
-- History: 0001 (created), 0010 (this file).
CREATE OR REPLACE FUNCTION skald_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'skald: % on % refused: this table is append-only', TG_OP, TG_TABLE_NAME
        USING ERRCODE = 'restrict_violation';
END
$$;
