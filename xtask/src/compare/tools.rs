//! The tools compared: textract's CLI and the peers per format, how each is
//! invoked, whether it takes many files in one process, and how its output
//! is read.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// What a tool's output is, and how to read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputKind {
    /// Extracted text on stdout (UTF-8; invalid bytes replaced).
    StdoutText,
    /// Extracted text written to an output path given after the input (`wvText in out`).
    OutFileText,
    /// A charset name on stdout: `uchardet` (`NAME`, or `path: NAME` for several
    /// files; `unknown` means none) and `normalizer -m` (one name per line).
    CharsetName,
    /// textract's `--json` line; the charset is its `encoding` field.
    TextractJsonEncoding,
}

/// What a tool is compared on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Extracts text: recall, F1, failures.
    Text,
    /// Detects a charset: accuracy against the manifest's `expected_encoding`.
    Charset,
}

/// One tool: a program, fixed arguments around the input path(s), and its output.
#[derive(Debug, Clone)]
pub struct Tool {
    /// Short name for tables (`pdftotext`, `mutool`, `textract`, ...).
    pub name: String,
    /// Program to spawn.
    pub program: PathBuf,
    /// Arguments before the input path(s).
    pub pre: Vec<String>,
    /// Arguments after the input path(s) (`-` for pdftotext's stdout).
    pub post: Vec<String>,
    /// Accepts many input paths in one process (batch mode).
    pub takes_many: bool,
    /// How the output is read.
    pub output: OutputKind,
    /// Text extractor or charset detector.
    pub role: Role,
    /// The tool under test (ratios are textract/peer).
    pub is_textract: bool,
    /// The tool's version, as it reports it (filled by [`with_version`]).
    pub version: Option<String>,
}

impl Tool {
    /// Arguments for one process over `inputs` (one input unless `takes_many`);
    /// `out` is the output file for [`OutputKind::OutFileText`].
    pub fn args(&self, inputs: &[&Path], out: Option<&Path>) -> Vec<String> {
        let mut a = self.pre.clone();
        a.extend(inputs.iter().map(|p| p.to_string_lossy().into_owned()));
        if let (OutputKind::OutFileText, Some(o)) = (self.output, out) {
            a.push(o.to_string_lossy().into_owned());
        }
        a.extend(self.post.iter().cloned());
        a
    }
}

/// A one-process-per-file result read into text or a charset.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Extracted {
    /// Extracted text (text tools).
    pub text: String,
    /// Detected charset label (charset tools, textract `--json`).
    pub charset: Option<String>,
}

/// Reads a single-file process's output.
pub fn parse_output(kind: OutputKind, stdout: &[u8], out_file: Option<&[u8]>) -> Extracted {
    match kind {
        OutputKind::StdoutText => Extracted {
            text: String::from_utf8_lossy(stdout).into_owned(),
            charset: None,
        },
        OutputKind::OutFileText => Extracted {
            text: out_file
                .map(|b| String::from_utf8_lossy(b).into_owned())
                .unwrap_or_default(),
            charset: None,
        },
        OutputKind::CharsetName => Extracted {
            text: String::new(),
            charset: parse_charset_name(stdout),
        },
        OutputKind::TextractJsonEncoding => {
            let (text, charset) = parse_textract_json(stdout);
            Extracted { text, charset }
        }
    }
}

/// The charset from `uchardet FILE` / `normalizer -m FILE`: the first
/// non-empty line, after a `path: ` prefix if any; `unknown`/`None` is no answer.
pub fn parse_charset_name(stdout: &[u8]) -> Option<String> {
    let s = String::from_utf8_lossy(stdout);
    let line = s.lines().map(str::trim).find(|l| !l.is_empty())?;
    let name = line
        .rsplit_once(": ")
        .map(|(_, n)| n)
        .unwrap_or(line)
        .trim();
    let lower = name.to_ascii_lowercase();
    if name.is_empty() || lower == "unknown" || lower == "none" || lower.contains(' ') {
        return None;
    }
    Some(name.to_string())
}

/// Text and `encoding` of textract's first `--json` line (`encoding` null → none).
pub fn parse_textract_json(stdout: &[u8]) -> (String, Option<String>) {
    let s = String::from_utf8_lossy(stdout);
    let Some(line) = s.lines().find(|l| !l.trim().is_empty()) else {
        return (String::new(), None);
    };
    let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
        return (String::new(), None);
    };
    let text = v
        .get("text")
        .and_then(|t| t.as_str())
        .unwrap_or_default()
        .to_string();
    let enc = v
        .get("encoding")
        .and_then(|e| e.as_str())
        .map(str::to_string);
    (text, enc)
}

/// Splits textract's several-input output (`==> PATH <==` before each text)
/// into (path, text) pairs.
pub fn split_headed_output(stdout: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for line in stdout.split_inclusive('\n') {
        let bare = line.trim_end_matches(['\n', '\r']);
        if let Some(path) = bare
            .strip_prefix("==> ")
            .and_then(|r| r.strip_suffix(" <=="))
        {
            out.push((path.to_string(), String::new()));
        } else if let Some((_, text)) = out.last_mut() {
            text.push_str(line);
        }
    }
    out
}

/// `program` on `PATH` (or as given, when it holds a `/`), if executable.
pub fn which(program: &str) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let executable = |p: &Path| {
        std::fs::metadata(p)
            .map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
            .unwrap_or(false)
    };
    if program.contains('/') {
        let p = PathBuf::from(program);
        return executable(&p).then_some(p);
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(program))
        .find(|p| executable(p))
}

/// Whether `command args` runs and exits 0 (used to probe python modules).
fn succeeds(program: &Path, args: &[&str]) -> bool {
    Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map(|s| s.success())
        .unwrap_or(false)
}

/// pypdf over one or many files; with several, `==> PATH <==` before each text.
const PYPDF_SCRIPT: &str = r#"import sys
from pypdf import PdfReader
bad = 0
for p in sys.argv[1:]:
    if len(sys.argv) > 2:
        print("==> %s <==" % p)
    try:
        r = PdfReader(p)
        print("\n".join((pg.extract_text() or "") for pg in r.pages))
    except Exception as e:
        bad += 1
        print("%s: %s" % (p, e), file=sys.stderr)
sys.exit(1 if bad else 0)
"#;

/// The `main` every POI peer shares: each file's text (printed by `BODY`,
/// which reads the file named `a`) in UTF-8, with several files `==> PATH
/// <==` before each; a file that fails is named on stderr and the exit
/// status is 1.
const POI_MAIN_JAVA: &str = r#"IMPORTS
public class CLASS {
  public static void main(String[] args) throws Exception {
    int bad = 0;
    java.io.PrintStream o = new java.io.PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false, "UTF-8");
    for (String a : args) {
      if (args.length > 1) o.println("==> " + a + " <==");
      try {
BODY
      } catch (Throwable t) {
        bad++;
        System.err.println(a + ": " + t);
      }
    }
    o.flush();
    System.exit(bad == 0 ? 0 : 1);
  }
}
"#;

/// The source of POI peer `class`: [`POI_MAIN_JAVA`] with its imports and body.
fn poi_source(class: &str, imports: &str, body: &str) -> String {
    POI_MAIN_JAVA
        .replacen("IMPORTS", imports, 1)
        .replacen("CLASS", class, 1)
        .replacen("BODY", body, 1)
}

/// Apache POI's WordExtractor (Word6Extractor for Word 6/95 files).
const POI_WORD: [&str; 3] = [
    "PoiWordText",
    r#"import java.io.FileInputStream;
import org.apache.poi.hwpf.OldWordFileFormatException;
import org.apache.poi.hwpf.extractor.Word6Extractor;
import org.apache.poi.hwpf.extractor.WordExtractor;
import org.apache.poi.poifs.filesystem.POIFSFileSystem;
"#,
    r#"        try (FileInputStream in = new FileInputStream(a); POIFSFileSystem fs = new POIFSFileSystem(in)) {
          String text;
          try (WordExtractor ex = new WordExtractor(fs)) {
            text = ex.getText();
          } catch (OldWordFileFormatException old) {
            try (Word6Extractor ex6 = new Word6Extractor(fs)) { text = ex6.getText(); }
          }
          o.print(text);
        }"#,
];

/// Apache POI's ExcelExtractor (OldExcelExtractor for BIFF2-5 files).
const POI_EXCEL: [&str; 3] = [
    "PoiExcelText",
    r#"import java.io.File;
import java.io.FileInputStream;
import org.apache.poi.hssf.OldExcelFormatException;
import org.apache.poi.hssf.extractor.ExcelExtractor;
import org.apache.poi.hssf.extractor.OldExcelExtractor;
import org.apache.poi.poifs.filesystem.POIFSFileSystem;
"#,
    r#"        String text;
        try (FileInputStream in = new FileInputStream(a); POIFSFileSystem fs = new POIFSFileSystem(in);
             ExcelExtractor ex = new ExcelExtractor(fs)) {
          text = ex.getText();
        } catch (OldExcelFormatException | java.io.IOException old) {
          try (OldExcelExtractor ex = new OldExcelExtractor(new File(a))) { text = ex.getText(); }
        }
        o.print(text);"#,
];

/// POI's HSLF: `PowerPointExtractor` with notes (slides, notes, comments as
/// `PowerPointExtractor -notes FILE` prints them).
const POI_PPT: [&str; 3] = [
    "PoiPptText",
    r#"import java.io.FileInputStream;
import org.apache.poi.hslf.extractor.PowerPointExtractor;
"#,
    r#"        try (FileInputStream in = new FileInputStream(a); PowerPointExtractor ex = new PowerPointExtractor(in)) {
          o.print(ex.getText(true, true));
        }"#,
];

/// python-calamine over one or many files: each sheet's rows, cells by TAB.
const CALAMINE_SCRIPT: &str = r#"import sys
from python_calamine import CalamineWorkbook
bad = 0
for p in sys.argv[1:]:
    if len(sys.argv) > 2:
        print("==> %s <==" % p)
    try:
        wb = CalamineWorkbook.from_path(p)
        for name in wb.sheet_names:
            print(name)
            for row in wb.get_sheet_by_name(name).to_python():
                print("\t".join("" if v is None else str(v) for v in row).rstrip("\t"))
    except Exception as e:
        bad += 1
        print("%s: %s" % (p, e), file=sys.stderr)
sys.exit(1 if bad else 0)
"#;

/// Python's own `email` package over one or many `.eml` files: the main
/// headers, then the plain body (else the HTML body, its tags dropped).
const PY_EMAIL_SCRIPT: &str = r#"import sys, re, email, email.policy
bad = 0
for p in sys.argv[1:]:
    if len(sys.argv) > 2:
        print("==> %s <==" % p)
    try:
        with open(p, "rb") as f:
            m = email.message_from_binary_file(f, policy=email.policy.default)
        for h in ("From", "To", "Cc", "Date", "Subject"):
            if m[h] is not None:
                print("%s: %s" % (h, m[h]))
        print()
        b = m.get_body(preferencelist=("plain", "html"))
        if b is not None:
            t = b.get_content()
            if b.get_content_type() == "text/html":
                t = re.sub(r"(?s)<(script|style).*?</\1>|<[^>]+>", " ", t)
            print(t)
    except Exception as e:
        bad += 1
        print("%s: %s" % (p, e), file=sys.stderr)
sys.exit(1 if bad else 0)
"#;

/// xlrd over one or many files: each sheet's rows, cells by TAB (whole
/// numbers without `.0`).
const XLRD_SCRIPT: &str = r#"import sys
import xlrd
def show(v):
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)
bad = 0
for p in sys.argv[1:]:
    if len(sys.argv) > 2:
        print("==> %s <==" % p)
    try:
        wb = xlrd.open_workbook(p)
        for sh in wb.sheets():
            print(sh.name)
            for r in range(sh.nrows):
                print("\t".join(show(c.value) for c in sh.row(r)).rstrip("\t"))
    except Exception as e:
        bad += 1
        print("%s: %s" % (p, e), file=sys.stderr)
sys.exit(1 if bad else 0)
"#;

/// The jars POI's HWPF needs (Debian's libapache-poi-java layout).
const POI_JARS: &[&str] = &[
    "poi.jar",
    "poi-scratchpad.jar",
    "commons-collections4.jar",
    "commons-math3.jar",
    "commons-codec.jar",
    "commons-compress.jar",
];

/// Compiles a POI extractor class (`class`, its Java `source`) into
/// `scratch`; returns the java program and its arguments before the input paths.
fn poi_tool(scratch: &Path, class: &str, source: &str) -> Result<(PathBuf, Vec<String>), String> {
    let java = which("java").ok_or("java not found (apt install default-jre-headless)")?;
    let javac = which("javac").ok_or("javac not found (apt install default-jdk-headless)")?;
    let share = Path::new("/usr/share/java");
    let mut cp = Vec::new();
    for jar in POI_JARS {
        let p = share.join(jar);
        if !p.is_file() {
            return Err(format!(
                "{} missing (apt install libapache-poi-java)",
                p.display()
            ));
        }
        cp.push(p.to_string_lossy().into_owned());
    }
    let dir = scratch.join("poi");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let src = dir.join(format!("{class}.java"));
    std::fs::write(&src, source).map_err(|e| format!("{}: {e}", src.display()))?;
    let classpath = cp.join(":");
    let ok = Command::new(&javac)
        .arg("-nowarn")
        .arg("-cp")
        .arg(&classpath)
        .arg("-d")
        .arg(&dir)
        .arg(&src)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    if !ok {
        return Err(format!("javac failed on the POI extractor class {class}"));
    }
    let run_cp = format!("{}:{classpath}", dir.display());
    // One CPU and the serial collector: as close to single-threaded as a JVM gets.
    let pre = vec![
        "-XX:ActiveProcessorCount=1".into(),
        "-XX:+UseSerialGC".into(),
        "-cp".into(),
        run_cp,
        class.into(),
    ];
    Ok((java, pre))
}

/// A peer found on this machine, or the note saying why one is skipped.
pub type Found = Result<Tool, String>;

fn peer(
    name: &str,
    program: PathBuf,
    pre: &[&str],
    post: &[&str],
    takes_many: bool,
    output: OutputKind,
    role: Role,
) -> Tool {
    Tool {
        name: name.into(),
        program,
        pre: pre.iter().map(|s| s.to_string()).collect(),
        post: post.iter().map(|s| s.to_string()).collect(),
        takes_many,
        output,
        role,
        is_textract: false,
        version: None,
    }
}

/// The real python3 interpreter (`sys.executable`, past any shim) and the
/// folder holding it, where pip puts console scripts.
fn python_env() -> Option<(PathBuf, PathBuf)> {
    let shim = which("python3")?;
    let out = Command::new(&shim)
        .args(["-c", "import sys; print(sys.executable)"])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    let exe = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
    let exe = if out.status.success() && exe.is_file() {
        exe
    } else {
        shim
    };
    let bin = exe.parent()?.to_path_buf();
    Some((exe, bin))
}

fn need(program: &str, hint: &str) -> Result<PathBuf, String> {
    which(program).ok_or_else(|| format!("{program} not found ({hint})"))
}

/// The peers of `format` and, for absent ones, why they are skipped.
/// `scratch` receives compiled helpers (the POI class); peers not `wanted`
/// are neither compiled nor asked for their version.
pub fn peers(format: &str, scratch: &Path, wanted: &dyn Fn(&str) -> bool) -> Vec<(String, Found)> {
    use OutputKind::*;
    use Role::*;
    // Resolve the real interpreter and its scripts folder once: version-manager
    // shims (pyenv) are shell scripts whose start-up would be charged to the peer.
    let python = python_env();
    let py_module = |module: &str, pip: &str| -> Result<PathBuf, String> {
        let (py, _) = python
            .clone()
            .ok_or("python3 not found (apt install python3)")?;
        if succeeds(&py, &["-c", &format!("import {module}")]) {
            Ok(py)
        } else {
            Err(format!(
                "python module {module} missing (pip install {pip})"
            ))
        }
    };
    let py_script = |script: &str, pip: &str| -> Result<PathBuf, String> {
        python
            .as_ref()
            .map(|(_, bin)| bin.join(script))
            .filter(|p| which(&p.to_string_lossy()).is_some())
            .map_or_else(|| need(script, &format!("pip install {pip}")), Ok)
    };
    // LibreOffice's `--cat` (rtf, OOXML, ODF) and python-calamine (xls,
    // xlsx, ods) serve several formats.
    let libreoffice = || -> (String, Found) {
        (
            "LibreOffice".into(),
            need("soffice", "apt install libreoffice-writer-nogui").map(|p| {
                peer(
                    "LibreOffice",
                    p,
                    &["--headless", "--cat"],
                    &[],
                    false,
                    StdoutText,
                    Text,
                )
            }),
        )
    };
    let calamine = || -> (String, Found) {
        (
            "calamine".into(),
            py_module("python_calamine", "python-calamine").map(|p| {
                peer(
                    "calamine",
                    p,
                    &["-X", "utf8", "-c", CALAMINE_SCRIPT],
                    &[],
                    true,
                    StdoutText,
                    Text,
                )
            }),
        )
    };
    // Apache POI (doc, ppt, xls): a class compiled in `scratch`, only when
    // it is wanted.
    let poi = |[class, imports, body]: [&str; 3]| -> (String, Found) {
        let tool = if wanted("POI") {
            poi_tool(scratch, class, &poi_source(class, imports, body))
        } else {
            Err("not selected".into())
        };
        (
            "POI".into(),
            tool.map(|(java, pre)| {
                let pre: Vec<&str> = pre.iter().map(String::as_str).collect();
                peer("POI", java, &pre, &[], true, StdoutText, Text)
            }),
        )
    };
    let list: Vec<(String, Found)> = match format {
        "pdf" => vec![
            (
                "pdftotext".into(),
                need("pdftotext", "apt install poppler-utils").map(|p| {
                    peer(
                        "pdftotext",
                        p,
                        &["-q", "-enc", "UTF-8"],
                        &["-"],
                        false,
                        StdoutText,
                        Text,
                    )
                }),
            ),
            (
                "mutool".into(),
                need("mutool", "apt install mupdf-tools").map(|p| {
                    peer(
                        "mutool",
                        p,
                        &["draw", "-q", "-F", "txt", "-o", "-"],
                        &[],
                        false,
                        StdoutText,
                        Text,
                    )
                }),
            ),
            (
                "pdfminer.six".into(),
                py_script("pdf2txt.py", "pdfminer.six")
                    .map(|p| peer("pdfminer.six", p, &[], &[], true, StdoutText, Text)),
            ),
            (
                "pypdf".into(),
                py_module("pypdf", "pypdf").map(|p| {
                    peer(
                        "pypdf",
                        p,
                        &["-X", "utf8", "-c", PYPDF_SCRIPT],
                        &[],
                        true,
                        StdoutText,
                        Text,
                    )
                }),
            ),
        ],
        "doc" => vec![
            (
                "antiword".into(),
                need("antiword", "apt install antiword").map(|p| {
                    peer(
                        "antiword",
                        p,
                        &["-m", "UTF-8.txt"],
                        &[],
                        true,
                        StdoutText,
                        Text,
                    )
                }),
            ),
            (
                "catdoc".into(),
                need("catdoc", "apt install catdoc")
                    .map(|p| peer("catdoc", p, &["-d", "utf-8"], &[], true, StdoutText, Text)),
            ),
            (
                "wvText".into(),
                need("wvText", "apt install wv")
                    .map(|p| peer("wvText", p, &[], &[], false, OutFileText, Text)),
            ),
            poi(POI_WORD),
        ],
        "rtf" => vec![
            (
                "unrtf".into(),
                need("unrtf", "apt install unrtf").map(|p| {
                    peer(
                        "unrtf",
                        p,
                        &["--text", "--quiet"],
                        &[],
                        false,
                        StdoutText,
                        Text,
                    )
                }),
            ),
            libreoffice(),
        ],
        "ooxml" => vec![
            (
                "docx2txt".into(),
                py_script("docx2txt", "docx2txt")
                    .map(|p| peer("docx2txt", p, &[], &[], false, StdoutText, Text)),
            ),
            calamine(),
            libreoffice(),
        ],
        "odf" => vec![calamine(), libreoffice()],
        "hwp" => vec![(
            "hwp5txt".into(),
            py_script("hwp5txt", "pyhwp six")
                .map(|p| peer("hwp5txt", p, &[], &[], false, StdoutText, Text)),
        )],
        "ppt" => vec![
            poi(POI_PPT),
            (
                "catppt".into(),
                need("catppt", "apt install catdoc")
                    .map(|p| peer("catppt", p, &["-d", "utf-8"], &[], false, StdoutText, Text)),
            ),
        ],
        "xls" => vec![
            poi(POI_EXCEL),
            calamine(),
            (
                "xlrd".into(),
                py_module("xlrd", "xlrd").map(|p| {
                    peer(
                        "xlrd",
                        p,
                        &["-X", "utf8", "-c", XLRD_SCRIPT],
                        &[],
                        true,
                        StdoutText,
                        Text,
                    )
                }),
            ),
            (
                "xls2csv".into(),
                need("xls2csv", "apt install catdoc")
                    .map(|p| peer("xls2csv", p, &["-d", "utf-8"], &[], true, StdoutText, Text)),
            ),
        ],
        "mail" => vec![
            (
                "extract-msg".into(),
                py_script("extract_msg", "extract-msg").map(|p| {
                    peer(
                        "extract-msg",
                        p,
                        &["--dump-stdout"],
                        &[],
                        true,
                        StdoutText,
                        Text,
                    )
                }),
            ),
            (
                "msgconvert".into(),
                need("msgconvert", "apt install libemail-outlook-message-perl").map(|p| {
                    peer(
                        "msgconvert",
                        p,
                        &["--outfile", "-"],
                        &[],
                        false,
                        StdoutText,
                        Text,
                    )
                }),
            ),
            (
                "python email".into(),
                py_module("email", "(the standard library)").map(|p| {
                    peer(
                        "python email",
                        p,
                        &["-X", "utf8", "-c", PY_EMAIL_SCRIPT],
                        &[],
                        true,
                        StdoutText,
                        Text,
                    )
                }),
            ),
        ],
        "html" => vec![
            (
                "uchardet".into(),
                need("uchardet", "apt install uchardet")
                    .map(|p| peer("uchardet", p, &[], &[], true, CharsetName, Charset)),
            ),
            (
                "charset-normalizer".into(),
                py_script("normalizer", "charset-normalizer").map(|p| {
                    peer(
                        "charset-normalizer",
                        p,
                        &["-m"],
                        &[],
                        true,
                        CharsetName,
                        Charset,
                    )
                }),
            ),
            (
                "html2text".into(),
                py_script("html2text", "html2text").map(|p| {
                    peer(
                        "html2text",
                        p,
                        &[
                            "--ignore-links",
                            "--ignore-images",
                            "--body-width",
                            "0",
                            "--decode-errors",
                            "replace",
                        ],
                        &[],
                        false,
                        StdoutText,
                        Text,
                    )
                }),
            ),
        ],
        _ => Vec::new(),
    };
    list.into_iter()
        .map(|(name, found)| {
            let found = if wanted(&name) {
                found.map(with_version)
            } else {
                found
            };
            (name, found)
        })
        .collect()
}

/// The first version-looking token (`0.37`, `22.12.0`, `v20260107`) in a
/// tool's `--version`-style output.
pub fn parse_version(output: &str) -> Option<String> {
    output.split_whitespace().find_map(|w| {
        let w = w.trim_end_matches([',', ';', ')']);
        let v = w.strip_prefix('v').unwrap_or(w);
        let looks = v.starts_with(|c: char| c.is_ascii_digit())
            && v.chars().all(|c| c.is_ascii_digit() || c == '.')
            && (v.contains('.') || v.len() >= 8);
        looks.then(|| v.to_string())
    })
}

/// Runs `program args` and reads a version from its stdout and stderr.
fn probe_version(program: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .ok()?;
    let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.push('\n');
    text.push_str(&String::from_utf8_lossy(&out.stderr));
    parse_version(&text)
}

/// `tool` with its version filled in, asked the way that tool answers.
pub fn with_version(mut tool: Tool) -> Tool {
    let p = tool.program.clone();
    tool.version = match tool.name.as_str() {
        "pdftotext" | "mutool" | "catdoc" | "xls2csv" | "catppt" => probe_version(
            &p,
            &[
                if matches!(tool.name.as_str(), "catdoc" | "xls2csv" | "catppt") {
                    "-V"
                } else {
                    "-v"
                },
            ],
        ),
        "calamine" => probe_version(
            &p,
            &[
                "-c",
                "import python_calamine; print(python_calamine.__version__)",
            ],
        ),
        "xlrd" => probe_version(&p, &["-c", "import xlrd; print(xlrd.__VERSION__)"]),
        "antiword" => probe_version(&p, &["-h"]),
        // `hwp5txt 0.1b15`: a pre-release tag parse_version does not take.
        "hwp5txt" => Command::new(&p)
            .arg("--version")
            .output()
            .ok()
            .and_then(|o| {
                let s = String::from_utf8_lossy(&o.stdout).into_owned();
                s.split_whitespace().nth(1).map(str::to_string)
            }),
        "pypdf" => probe_version(&p, &["-c", "import pypdf; print(pypdf.__version__)"]),
        "wvText" => {
            let wv = p
                .parent()
                .map(|d| d.join("wvWare"))
                .unwrap_or_else(|| "wvWare".into());
            probe_version(&wv, &["--version"])
        }
        "POI" => std::fs::canonicalize("/usr/share/java/poi.jar")
            .ok()
            .and_then(|jar| {
                let name = jar.file_stem()?.to_string_lossy().into_owned();
                name.strip_prefix("poi-").map(str::to_string)
            }),
        _ => probe_version(&p, &["--version"]),
    };
    tool
}

/// The textract CLI as a tool: `textract -j JOBS PATH...`.
pub fn textract(program: PathBuf, jobs: usize) -> Tool {
    Tool {
        name: "textract".into(),
        program,
        pre: vec!["-j".into(), jobs.to_string()],
        post: Vec::new(),
        takes_many: true,
        output: OutputKind::StdoutText,
        role: Role::Text,
        is_textract: true,
        version: None,
    }
}

/// textract with `--json`, read for its detected `encoding`.
pub fn textract_charset(text_tool: &Tool) -> Tool {
    let mut t = text_tool.clone();
    t.pre.insert(0, "--json".into());
    t.output = OutputKind::TextractJsonEncoding;
    t.role = Role::Charset;
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn args_put_inputs_between_fixed_arguments() {
        let t = peer(
            "pdftotext",
            "pdftotext".into(),
            &["-q"],
            &["-"],
            false,
            OutputKind::StdoutText,
            Role::Text,
        );
        assert_eq!(t.args(&[Path::new("a.pdf")], None), ["-q", "a.pdf", "-"]);
        let wv = peer(
            "wvText",
            "wvText".into(),
            &[],
            &[],
            false,
            OutputKind::OutFileText,
            Role::Text,
        );
        assert_eq!(
            wv.args(&[Path::new("a.doc")], Some(Path::new("/tmp/o.txt"))),
            ["a.doc", "/tmp/o.txt"]
        );
        let tx = textract("textract".into(), 1);
        assert_eq!(
            tx.args(&[Path::new("a"), Path::new("b")], None),
            ["-j", "1", "a", "b"]
        );
        let txj = textract_charset(&tx);
        assert_eq!(
            txj.args(&[Path::new("a")], None),
            ["--json", "-j", "1", "a"]
        );
    }

    #[test]
    fn charset_outputs_parse() {
        // uchardet on one file, on several, and when it has no answer.
        assert_eq!(
            parse_charset_name(b"SHIFT_JIS\n").as_deref(),
            Some("SHIFT_JIS")
        );
        assert_eq!(
            parse_charset_name(b"a.xml: KOI8-R\nb.xml: UTF-8\n").as_deref(),
            Some("KOI8-R")
        );
        assert_eq!(parse_charset_name(b"unknown\n"), None);
        assert_eq!(parse_charset_name(b""), None);
        // normalizer -m
        assert_eq!(parse_charset_name(b"koi8_r\n").as_deref(), Some("koi8_r"));
        assert_eq!(
            parse_charset_name(b"Unable to identify originating encoding\n"),
            None
        );
        let e = parse_output(OutputKind::CharsetName, b"EUC-JP\n", None);
        assert_eq!(
            e,
            Extracted {
                text: String::new(),
                charset: Some("EUC-JP".into())
            }
        );
    }

    #[test]
    fn text_outputs_parse() {
        let e = parse_output(OutputKind::StdoutText, b"caf\xc3\xa9 \xff", None);
        assert_eq!(e.text, "café \u{FFFD}");
        let wv = parse_output(OutputKind::OutFileText, b"ignored", Some(b"from file"));
        assert_eq!(wv.text, "from file");
        assert_eq!(parse_output(OutputKind::OutFileText, b"", None).text, "");
    }

    #[test]
    fn textract_json_parses() {
        let line = br#"{"path":"a.html","format":"html","text":"Hi\n","metadata":{},"encoding":"Shift_JIS","warnings":[],"error":null}"#;
        assert_eq!(
            parse_textract_json(line),
            ("Hi\n".to_string(), Some("Shift_JIS".to_string()))
        );
        let failed =
            br#"{"path":"b","text":"","encoding":null,"error":{"kind":"Encrypted","message":"m"}}"#;
        assert_eq!(parse_textract_json(failed), (String::new(), None));
        assert_eq!(parse_textract_json(b"not json"), (String::new(), None));
    }

    #[test]
    fn headed_output_splits_per_file() {
        let out = "==> a.doc <==\none\ntwo\n==> b.doc <==\nthree\n";
        let parts = split_headed_output(out);
        assert_eq!(
            parts,
            [
                ("a.doc".to_string(), "one\ntwo\n".to_string()),
                ("b.doc".to_string(), "three\n".to_string())
            ]
        );
        assert!(split_headed_output("").is_empty());
    }

    #[test]
    fn versions_parse_from_each_peers_banner() {
        assert_eq!(
            parse_version("pdftotext version 22.12.0\nCopyright").as_deref(),
            Some("22.12.0")
        );
        assert_eq!(
            parse_version("Name: antiword\n\tVersion: 0.37  (21 Oct 2005)").as_deref(),
            Some("0.37")
        );
        assert_eq!(
            parse_version("pdfminer.six v20260107").as_deref(),
            Some("20260107")
        );
        assert_eq!(
            parse_version("Charset-Normalizer 3.4.7 - Python 3.11.7 - Unicode 14.0.0").as_deref(),
            Some("3.4.7")
        );
        assert_eq!(
            parse_version("\nuchardet Command Line Tool\nVersion 0.0.7\n").as_deref(),
            Some("0.0.7")
        );
        assert_eq!(parse_version("textract 0.1.0").as_deref(), Some("0.1.0"));
        assert_eq!(parse_version("usage: tool [-h] 2 files"), None);
    }

    #[test]
    fn unwanted_peers_are_not_prepared() {
        let scratch =
            std::env::temp_dir().join(format!("xtask-compare-wanted-{}", std::process::id()));
        let doc = peers("doc", &scratch, &|n| n == "antiword");
        let names: Vec<&str> = doc.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["antiword", "catdoc", "wvText", "POI"]);
        let poi = doc.iter().find(|(n, _)| n == "POI").unwrap();
        assert_eq!(
            poi.1.as_ref().err().map(String::as_str),
            Some("not selected")
        );
        // The POI class was not compiled.
        assert!(!scratch.join("poi").exists());
        assert!(peers("ppt-unknown", &scratch, &|_| true).is_empty());
        let xls = peers("xls", &scratch, &|_| false);
        let names: Vec<&str> = xls.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["POI", "calamine", "xlrd", "xls2csv"]);
        let ppt = peers("ppt", &scratch, &|_| false);
        let names: Vec<&str> = ppt.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["POI", "catppt"]);
    }

    #[test]
    fn which_finds_sh_and_rejects_missing() {
        assert!(which("sh").is_some());
        assert!(which("/bin/sh").is_some());
        assert!(which("surely-not-a-program-xyz").is_none());
    }
}
