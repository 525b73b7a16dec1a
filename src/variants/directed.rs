//! Go on directed graphs as played: the transcription `crate::spec::directed` with the variants and
//! readings that are not in the source, and the fast paths for the legal turns.
