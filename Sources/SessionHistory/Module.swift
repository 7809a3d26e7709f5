// SessionHistory: what happened in a session and going back to it — each store's steps and
// their causes, time travel and branches, hot reload, test export, the transcript and the
// journal.
