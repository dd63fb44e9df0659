-- Search documents: the name weighs most (A), tag names next (B). 'simple' keeps every word
-- (song titles are full of stop words and non-English words) and needs no dictionary files.
CREATE OR REPLACE FUNCTION catalogue_search_vector(item_name text, item_tag_ids integer[]) RETURNS tsvector
LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('simple', coalesce(item_name, '')), 'A')
      || setweight(to_tsvector('simple', coalesce((SELECT string_agg(t.name, ' ') FROM tags t WHERE t.id = ANY(item_tag_ids)), '')), 'B')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION set_catalogue_search_vector() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := catalogue_search_vector(NEW.name, NEW.tag_ids);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION set_media_search_vectors() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := catalogue_search_vector(NEW.name, NEW.tag_ids);
  NEW.lyrics_vector := to_tsvector('english', coalesce(NEW.lyrics, ''));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER media_search_vectors BEFORE INSERT OR UPDATE OF name, tag_ids, lyrics ON media
  FOR EACH ROW EXECUTE FUNCTION set_media_search_vectors();
--> statement-breakpoint
CREATE TRIGGER streams_search_vector BEFORE INSERT OR UPDATE OF name, tag_ids ON streams
  FOR EACH ROW EXECUTE FUNCTION set_catalogue_search_vector();
--> statement-breakpoint
CREATE TRIGGER playlists_search_vector BEFORE INSERT OR UPDATE OF name, tag_ids ON playlists
  FOR EACH ROW EXECUTE FUNCTION set_catalogue_search_vector();
--> statement-breakpoint
CREATE TRIGGER clips_search_vector BEFORE INSERT OR UPDATE OF name, tag_ids ON clips
  FOR EACH ROW EXECUTE FUNCTION set_catalogue_search_vector();
