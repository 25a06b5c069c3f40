"""The reader's words that the forms and the pages share: a deck's card names (deck_words), the sevens' review
(sevens_words), each tournament format's name (format_words), the rules core's findings as sentences (messages),
the games' and decks' names (game_names)."""
