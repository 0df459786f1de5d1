//! Apache POI (Debian's `libapache-poi-java`) as an oracle: a small Java
//! class compiled at run time against POI's jars and run over files.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The jars POI's HWPF, HSLF and HSSF need, in `/usr/share/java`.
pub const JARS: &[&str] = &[
    "poi.jar",
    "poi-scratchpad.jar",
    "commons-collections4.jar",
    "commons-math3.jar",
    "commons-codec.jar",
    "commons-logging.jar",
];

/// The jars that are missing, and whether `javac` runs; `Ok(classpath)` when all is there.
pub fn classpath() -> Result<String, String> {
    let java_dir = Path::new("/usr/share/java");
    let missing: Vec<&str> = JARS
        .iter()
        .copied()
        .filter(|j| !java_dir.join(j).exists())
        .collect();
    let javac = Command::new("javac")
        .arg("-version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !missing.is_empty() || !javac {
        return Err(format!(
            "javac, java and {missing:?} in /usr/share/java (apt install default-jdk libapache-poi-java)"
        ));
    }
    let cp: Vec<String> = JARS
        .iter()
        .map(|j| java_dir.join(j).display().to_string())
        .collect();
    Ok(cp.join(":"))
}

/// A Java class compiled against POI in its own temporary folder (removed on drop).
pub struct Program {
    dir: PathBuf,
    class: String,
    classpath: String,
}

impl Program {
    /// Compiles `source`, whose public class is `class`.
    pub fn compile(class: &str, source: &str) -> Result<Program, String> {
        let cp = classpath()?;
        let dir = std::env::temp_dir().join(format!("testkit-poi-{class}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let file = dir.join(format!("{class}.java"));
        std::fs::write(&file, source).map_err(|e| format!("{}: {e}", file.display()))?;
        let out = Command::new("javac")
            .args(["-nowarn", "-cp", &cp, "-d"])
            .arg(&dir)
            .arg(&file)
            .output()
            .map_err(|e| format!("javac: {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "javac failed: {}",
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        Ok(Program {
            classpath: format!("{cp}:{}", dir.display()),
            dir,
            class: class.to_owned(),
        })
    }

    /// Runs the class with `args`.
    pub fn run<I, S>(&self, args: I) -> Result<Output, String>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<std::ffi::OsStr>,
    {
        Command::new("java")
            .args(["-cp", &self.classpath, &self.class])
            .args(args)
            .output()
            .map_err(|e| format!("java: {e}"))
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
