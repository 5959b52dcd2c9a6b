"""Page objects: the tests drive the app's windows through these, as a user would, by object name."""
