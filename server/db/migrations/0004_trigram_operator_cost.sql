-- pg_trgm declares its similarity operators with the default cost of 1, so the planner believes
-- testing `'query' <% name` on every row is as cheap as a comparison and prefers a sequential scan
-- (about 350 ms on 100,000 songs) to the trigram and full-text indexes (about 30 ms). Their real cost
-- is closer to a text search match (cost 100), which is what this says.
-- Only the owner of the extension may change this; where the app's role is not, the migration still
-- succeeds and the planner keeps the default (searches are then slower on large catalogues).
-- pg_dump does not keep these settings of extension functions: re-run this block after a restore.
DO $$
BEGIN
  ALTER FUNCTION word_similarity_op(text, text) COST 100;
  ALTER FUNCTION word_similarity_commutator_op(text, text) COST 100;
  ALTER FUNCTION strict_word_similarity_op(text, text) COST 100;
  ALTER FUNCTION strict_word_similarity_commutator_op(text, text) COST 100;
  ALTER FUNCTION similarity_op(text, text) COST 100;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm operator costs left as they are: %', SQLERRM;
END
$$;
