//! The Python package (`crates/textract-py`, issue 23): built from source
//! with pip (maturin, `--profile dev`, in this workspace's target folder)
//! and its pytest suite run against this build's `textract` binary — the
//! suite checks that `to_dict()` equals the CLI's JSON line for every
//! fixture. Needs python3 with pip and pytest (`.ci/run` installs them);
//! without them the test is skipped, or fails under CI.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;
use std::process::Command;

#[test]
fn python_package_builds_and_its_tests_pass() {
    if testkit::corpus::require(
        testkit::python_with(&["pip", "pytest", "maturin"]).then_some(()),
        "python_package_builds_and_its_tests_pass",
        "python3 with pip, pytest and maturin (pip install pytest maturin)",
    )
    .is_none()
    {
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let target = root.join("target");
    let install = Command::new("python3")
        .args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--force-reinstall",
            "--no-deps",
        ])
        .arg("--no-build-isolation")
        .arg(root.join("crates/textract-py"))
        .env("CARGO_TARGET_DIR", &target)
        .env("MATURIN_PEP517_ARGS", "--profile dev")
        .env("PIP_DISABLE_PIP_VERSION_CHECK", "1")
        .output()
        .expect("run pip");
    assert!(
        install.status.success(),
        "pip install ./crates/textract-py failed:\n{}\n{}",
        String::from_utf8_lossy(&install.stdout),
        String::from_utf8_lossy(&install.stderr)
    );
    let pytest = Command::new("python3")
        .args(["-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider"])
        .arg(root.join("crates/textract-py/tests"))
        .env("TEXTRACT_CLI", env!("CARGO_BIN_EXE_textract"))
        .output()
        .expect("run pytest");
    let out = String::from_utf8_lossy(&pytest.stdout);
    println!("{out}");
    assert!(
        pytest.status.success(),
        "pytest failed:\n{out}\n{}",
        String::from_utf8_lossy(&pytest.stderr)
    );
}
