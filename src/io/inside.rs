//! The one way a name read from a file graphgo did not write in this run becomes a path:
//! the record a campaign summary names (`graphgo merge`), the SGF file of the GTP referee's
//! `loadsgf`. The name must stay inside its folder ([`resolve`]): no absolute path, no
//! `..`, and no link that leads out of the folder; anything else is refused (exit 2), so
//! that a hostile summary cannot make graphgo read `/etc/hostname` or copy a file from
//! outside the folder it was given.

use std::path::{Component, Path, PathBuf};

/// The path of `name` inside `folder`: `name` is relative, made of plain names only (no
/// `..`, no root, no `.` but at the start), and once every link is followed it is still
/// inside `folder` (followed too). `what` says what the name is (`field 'findings[0].file'`,
/// `loadsgf`); the message quotes the name.
pub fn resolve(folder: &Path, name: &str, what: &str) -> Result<PathBuf, String> {
    resolve_as(folder, name, what, false)
}

/// [`resolve`], but an absolute path is taken too when it leads inside `folder`: for the
/// GTP referee's `loadsgf`, whose controllers (GoGui's `gogui-twogtp -openings`, graphgo's
/// own `verify-gtp`) send absolute paths. What matters holds the same: nothing outside the
/// folder is read.
pub fn resolve_absolute_inside(folder: &Path, name: &str, what: &str) -> Result<PathBuf, String> {
    resolve_as(folder, name, what, true)
}

fn resolve_as(folder: &Path, name: &str, what: &str, absolute: bool) -> Result<PathBuf, String> {
    let refuse = |why: &str| {
        Err(format!(
            "{what}: '{}' {why}: a name read from a file must name a file inside {}",
            crate::board::escape_hidden(name),
            folder.display()
        ))
    };
    if name.is_empty() {
        return refuse("is empty");
    }
    let relative = Path::new(name);
    let mut parts = 0;
    for c in relative.components() {
        match c {
            Component::Normal(_) => parts += 1,
            Component::CurDir => {}
            Component::ParentDir => return refuse("goes up a folder (..)"),
            Component::RootDir | Component::Prefix(_) if !absolute => {
                return refuse("is an absolute path")
            }
            Component::RootDir | Component::Prefix(_) => {}
        }
    }
    if parts == 0 {
        return refuse("names the folder itself");
    }
    let path = folder.join(relative);
    // Links are followed on both sides, so that a folder given through a link still holds
    // its own files; a name whose target does not exist is left to the reader to refuse.
    let Ok(real) = std::fs::canonicalize(&path) else {
        if std::fs::symlink_metadata(&path).is_ok() {
            return refuse("is a link to nothing");
        }
        return Ok(path);
    };
    let home = std::fs::canonicalize(folder)
        .map_err(|e| format!("{}: cannot read the folder: {e}", folder.display()))?;
    if !real.starts_with(&home) || real == home {
        return refuse(&format!("leads out of the folder (to {})", real.display()));
    }
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_leave_the_folder_are_refused() {
        let dir = std::env::temp_dir().join(format!("graphgo-inside-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::write(dir.join("r.yaml"), "x").unwrap();
        std::fs::write(dir.join("sub/s.yaml"), "x").unwrap();
        std::os::unix::fs::symlink("/etc", dir.join("out")).unwrap();
        std::os::unix::fs::symlink("r.yaml", dir.join("in.yaml")).unwrap();
        assert_eq!(resolve(&dir, "r.yaml", "f"), Ok(dir.join("r.yaml")));
        assert_eq!(resolve(&dir, "./r.yaml", "f"), Ok(dir.join("./r.yaml")));
        assert_eq!(resolve(&dir, "sub/s.yaml", "f"), Ok(dir.join("sub/s.yaml")));
        assert_eq!(resolve(&dir, "in.yaml", "f"), Ok(dir.join("in.yaml")));
        assert_eq!(resolve(&dir, "new.yaml", "f"), Ok(dir.join("new.yaml")));
        let absolute = dir.join("r.yaml").display().to_string();
        assert_eq!(
            resolve_absolute_inside(&dir, &absolute, "f"),
            Ok(dir.join("r.yaml"))
        );
        let e = resolve_absolute_inside(&dir, "/etc", "f").unwrap_err();
        assert!(e.contains("leads out of the folder"), "{e}");
        for (name, why) in [
            ("../r.yaml", "goes up a folder"),
            ("sub/../../x", "goes up a folder"),
            ("/etc/hostname", "is an absolute path"),
            ("out", "leads out of the folder"),
            ("", "is empty"),
            (".", "names the folder itself"),
        ] {
            let e = resolve(&dir, name, "field 'file'").unwrap_err();
            assert!(
                e.contains(why) && e.starts_with("field 'file'"),
                "{name}: {e}"
            );
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
