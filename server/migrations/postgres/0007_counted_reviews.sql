-- Issue 20: a plant's review count and average come only from the ratings people gave, so
-- the number shown always equals the reviews one can read. The demo catalogue used to
-- start with made-up figures ("68 reviews") and no review behind them; the demo now seeds
-- real reviewed orders instead (seed/reviews.json). Recount every plant once.
UPDATE plants SET
    rating_sum = (SELECT COALESCE(SUM(r.rating), 0) FROM ratings r WHERE r.plant_id = plants.id),
    review_count = (SELECT COUNT(*) FROM ratings r WHERE r.plant_id = plants.id),
    updated_at = CAST(EXTRACT(EPOCH FROM now()) * 1000 AS BIGINT)
WHERE review_count <> (SELECT COUNT(*) FROM ratings r WHERE r.plant_id = plants.id)
   OR rating_sum <> (SELECT COALESCE(SUM(r.rating), 0) FROM ratings r WHERE r.plant_id = plants.id);

UPDATE plants SET rating = CASE
    WHEN review_count = 0 THEN 0
    ELSE CAST(ROUND(CAST(rating_sum AS NUMERIC) / review_count, 1) AS DOUBLE PRECISION)
END;
