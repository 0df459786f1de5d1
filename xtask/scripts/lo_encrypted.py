"""Save password-protected documents with the local LibreOffice, through UNO.

A manual check of ooxml-text's ODF decryption against LibreOffice's own
files (docs/ooxml-text.md, ODF): run with the system Python, which has the
`uno` module of Debian's python3-uno (pyenv's Python has not):

    /usr/bin/python3 xtask/scripts/lo_encrypted.py OUTDIR
    textract --password secret OUTDIR/lo-enc.odt

It also saves `lo-enc-odf11.odt` with the ODF default version set to
1.0/1.1 (configuration `/org.openoffice.Office.Common/Save/ODF`,
`DefaultVersion` = 2), which LibreOffice encrypts with Blowfish CFB and a
SHA-1 start key, as OpenOffice.org 1–3 did; the script prints that file's
manifest so the scheme can be seen.

Every file has the password `secret`; salts and IVs are fresh each run, so
the files are not kept as fixtures (the `odf` fixture group writes a
deterministic one).
"""
import sys
import uno, subprocess, time, os, zipfile
from com.sun.star.beans import PropertyValue
OUT=os.path.abspath(sys.argv[1] if len(sys.argv)>1 else ".")
os.makedirs(OUT, exist_ok=True)
def pv(n,v):
    p=PropertyValue(); p.Name=n; p.Value=v; return p
proc=subprocess.Popen(["soffice","--headless","--invisible","--norestore","-env:UserInstallation=file://"+OUT+"/profile",'--accept=socket,host=localhost,port=2202;urp;'])
local=uno.getComponentContext()
res=local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver",local)
for i in range(60):
    try:
        ctx=res.resolve("uno:socket,host=localhost,port=2202;urp;StarOffice.ComponentContext"); break
    except Exception: time.sleep(1)
smgr=ctx.ServiceManager
desk=smgr.createInstanceWithContext("com.sun.star.frame.Desktop",ctx)
def make(kind, filt, out, text):
    doc=desk.loadComponentFromURL("private:factory/"+kind,"_blank",0,(pv("Hidden",True),))
    if kind=="swriter":
        doc.getText().setString(text)
    elif kind=="scalc":
        sh=doc.Sheets.getByIndex(0); sh.getCellByPosition(0,0).setString(text); sh.getCellByPosition(1,1).setValue(1234.5)
    else:
        pg=doc.DrawPages.getByIndex(0)
        shp=doc.createInstance("com.sun.star.drawing.TextShape"); pg.add(shp); shp.setString(text)
    doc.storeToURL("file://"+OUT+"/"+out,(pv("FilterName",filt),pv("Password","secret")))
    doc.close(True)
def set_odf_version(value):
    """DefaultVersion: 2 = ODF 1.0/1.1, 4 = 1.2, 10 = 1.3 (unotools' ODFDefaultVersion)."""
    provider=smgr.createInstanceWithContext("com.sun.star.configuration.ConfigurationProvider",ctx)
    node=pv("nodepath","/org.openoffice.Office.Common/Save/ODF")
    access=provider.createInstanceWithArguments("com.sun.star.configuration.ConfigurationUpdateAccess",(node,))
    old=access.getPropertyValue("DefaultVersion")
    uno.invoke(access,"setPropertyValue",("DefaultVersion",uno.Any("short",value)))
    access.commitChanges()
    return old

def main():
    make("swriter","writer8","lo-enc.odt","Geheimer Text aus LibreOffice 日本語")
    make("scalc","calc8","lo-enc.ods","Tabellentext geheim")
    make("simpress","impress8","lo-enc.odp","Foliengeheimnis")
    old=set_odf_version(2)
    make("swriter","writer8","lo-enc-odf11.odt","Alter Blowfish-Text aus LibreOffice")
    set_odf_version(old)
    with zipfile.ZipFile(OUT+"/lo-enc-odf11.odt") as z:
        print(z.read("META-INF/manifest.xml").decode())

try:
    main()
finally:
    try: desk.terminate()
    except Exception: pass
    proc.wait(30)
