//! Headless chromium for the tests of graphgo's HTML pages (the conformance report, the
//! viewer): found or skipped visibly, run with a hang guard.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Says something on the real standard error: libtest captures `eprintln!` of a passing
/// test, and a skip (or where a screenshot was kept) must show in an ordinary `cargo test`.
pub fn say(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// The browser to run (`$CHROMIUM`, else `chromium`), or `None` after a `SKIPPED:` line
/// naming `what` is not tried when it is not installed.
pub fn browser(what: &str) -> Option<String> {
    let browser = std::env::var("CHROMIUM").unwrap_or_else(|_| "chromium".to_string());
    let found = Command::new(&browser)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !found {
        say(&format!(
            "SKIPPED: {browser} not found, {what} is not tried in a browser (apt-get install chromium, or set CHROMIUM)"
        ));
        return None;
    }
    Some(browser)
}

/// Runs `browser` headless on `url` with the extra arguments `what` (`--dump-dom`,
/// `--screenshot=…`), giving its standard output. A hung browser is killed after two
/// minutes (a hang guard, not a measure of speed).
pub fn headless(browser: &str, what: &[String], url: &str) -> Vec<u8> {
    let profile = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("chromium-profile");
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--no-first-run",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(what)
        .arg(url)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromium starts");
    // Its output is read while it runs: a page whose DOM is more than a pipe's buffer
    // (64 KiB) would otherwise block chromium on its write until the hang guard.
    let mut stdout = child.stdout.take().expect("piped");
    let reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        let _ = std::io::Read::read_to_end(&mut stdout, &mut out);
        out
    });
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            panic!("chromium did not finish loading {url} in 120 s");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    reader.join().unwrap_or_default()
}
