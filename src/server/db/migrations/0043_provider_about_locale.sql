-- The language a provider's "about" text is written in (issue 34, WCAG 3.1.2): a profile page in another
-- language marks the text with it (<p lang="en-US"> inside <html lang="es">), so a screen reader reads it
-- with the right voice. The clinical admin who writes the text says its language; every text written
-- before this migration was written in English (the seed's and the admins'), the default language.
ALTER TABLE providers ADD COLUMN about_locale text NOT NULL DEFAULT 'en-US';
