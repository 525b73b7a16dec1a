//! The one folder walk: every command that reads the files of a folder (`vectors check`,
//! `replay-dir`, `merge`) lists them here, then reads each through
//! [`bounded::read`](crate::io::bounded::read) with [`Origin::Found`](crate::io::bounded::Origin::Found).
//!
//! - Folders nested more than [`MAX_WALK_DEPTH`] below the one given are refused with a
//!   message (a tree 3 000 folders deep is not silently skipped, nor walked to the end of
//!   the path length).
//! - A link to a folder is followed, but no folder is walked twice (each is known by its
//!   device and inode), so links such as `a -> .` and `b -> .` end the walk instead of
//!   looping, and a folder reached by two links is read once.
//! - Every other entry whose name the command wants is listed, whatever it is: a FIFO, a
//!   device, a socket or a dangling link named like an input is then refused by the reader
//!   as "not a regular file" (with `O_NONBLOCK`, so it never waits): a name that looks like
//!   an input but cannot be one is bad input, said, not skipped in silence.

use std::collections::HashSet;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use crate::io::record::InputError;

/// How many folders deep below the folder given a walk goes (a documented cap).
pub const MAX_WALK_DEPTH: usize = 32;

/// The files under `root` whose path `wanted` accepts, sorted by path: `root`'s own entries
/// only, or with `recursive` the whole tree below it (see the module's rules). At most
/// `max_files` of them (a message naming the cap and `what` they are otherwise).
pub fn files(
    root: &Path,
    recursive: bool,
    wanted: &dyn Fn(&Path) -> bool,
    max_files: usize,
    what: &str,
) -> Result<Vec<PathBuf>, InputError> {
    let shown = root.display();
    let meta = std::fs::metadata(root)
        .map_err(|e| InputError(format!("{shown}: cannot read the folder: {e}")))?;
    if !meta.is_dir() {
        return Err(InputError(format!(
            "{shown}: cannot read the folder: it is {}, not a folder",
            crate::io::bounded::kind_word(meta.file_type())
        )));
    }
    let mut seen: HashSet<(u64, u64)> = HashSet::new();
    seen.insert((meta.dev(), meta.ino()));
    let mut out = Vec::new();
    let mut stack = vec![(root.to_path_buf(), 0usize)];
    while let Some((folder, depth)) = stack.pop() {
        let entries = std::fs::read_dir(&folder).map_err(|e| {
            InputError(format!("{}: cannot read the folder: {e}", folder.display()))
        })?;
        for entry in entries {
            let entry = entry.map_err(|e| InputError(format!("{}: {e}", folder.display())))?;
            let path = entry.path();
            let kind = entry
                .file_type()
                .map_err(|e| InputError(format!("{}: {e}", path.display())))?;
            // A link is followed to see whether it leads to a folder; a dangling one is
            // an entry like any other.
            let folder_meta = if kind.is_dir() {
                entry.metadata().ok()
            } else if kind.is_symlink() {
                std::fs::metadata(&path).ok().filter(|m| m.is_dir())
            } else {
                None
            };
            if let Some(m) = folder_meta {
                if !recursive || !seen.insert((m.dev(), m.ino())) {
                    continue;
                }
                if depth + 1 > MAX_WALK_DEPTH {
                    return Err(InputError(format!(
                        "{shown}: folders nested more than {MAX_WALK_DEPTH} deep below it (the cap on a folder walk), at {}",
                        path.display()
                    )));
                }
                stack.push((path, depth + 1));
            } else if wanted(&path) {
                if out.len() >= max_files {
                    return Err(InputError(format!(
                        "{shown}: over the cap of {max_files} {what} files"
                    )));
                }
                out.push(path);
            }
        }
    }
    out.sort();
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("graphgo-walk-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn yaml(p: &Path) -> bool {
        p.extension().is_some_and(|e| e == "yaml")
    }

    #[test]
    fn links_to_folders_are_followed_once_and_loops_end() {
        let dir = scratch("loops");
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::write(dir.join("sub/v.yaml"), "x").unwrap();
        std::os::unix::fs::symlink(".", dir.join("a")).unwrap();
        std::os::unix::fs::symlink(".", dir.join("sub/b")).unwrap();
        std::os::unix::fs::symlink("sub", dir.join("c")).unwrap();
        let found = files(&dir, true, &yaml, 10, "vector").unwrap();
        assert_eq!(found.len(), 1, "{found:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_tree_deeper_than_the_cap_is_refused_and_a_flat_walk_stays_flat() {
        let dir = scratch("deep");
        let mut p = dir.clone();
        for _ in 0..=MAX_WALK_DEPTH {
            p = p.join("d");
        }
        std::fs::create_dir_all(&p).unwrap();
        std::fs::write(p.join("v.yaml"), "x").unwrap();
        let e = files(&dir, true, &yaml, 10, "vector").unwrap_err();
        assert!(e.0.contains("folders nested more than 32 deep"), "{e}");
        assert_eq!(files(&dir, false, &yaml, 10, "vector").unwrap().len(), 0);
        std::fs::write(dir.join("a.yaml"), "x").unwrap();
        std::fs::write(dir.join("b.yaml"), "x").unwrap();
        let e = files(&dir, false, &yaml, 1, "vector").unwrap_err();
        assert!(e.0.contains("over the cap of 1 vector files"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
