-- The campaign's summary is one post, edited in place after each battle: the id of the
-- message that holds it (NULL: none posted yet; a new one is posted and remembered when
-- the old one was deleted).
ALTER TABLE campaigns ADD COLUMN summary_message_id INTEGER;
