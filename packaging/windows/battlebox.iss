; Inno Setup script: a per-user Windows installer for the frozen Battlebox app.
; NOT TESTED on Windows here (the project's machines are Linux); .github/workflows/release.yml
; runs it on a windows runner.
;
;   python packaging\build.py                       (makes build\dist\battlebox\)
;   iscc /DAppVersion=0.1.0 packaging\windows\battlebox.iss
;
; Output: dist\battlebox-<version>-windows-x86_64-setup.exe, with a Start-menu shortcut, an
; optional desktop shortcut and an entry in Settings > Apps to uninstall it.

#ifndef AppVersion
  #error Pass the version from core/version.py: iscc /DAppVersion=X.Y.Z battlebox.iss
#endif

[Setup]
AppId={{6C1F9E52-7B7B-4C7A-9D2E-0B5A7E3F4B10}
AppName=Battlebox
AppVersion={#AppVersion}
AppVerName=Battlebox {#AppVersion}
AppPublisher=Battlebox
DefaultDirName={autopf}\Battlebox
DefaultGroupName=Battlebox
DisableProgramGroupPage=yes
; Per-user by default (no admin rights on a club laptop); an admin may choose all users.
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
SourceDir=..\..
OutputDir=dist
OutputBaseFilename=battlebox-{#AppVersion}-windows-x86_64-setup
SetupIconFile=build\pyinstaller\battlebox.ico
UninstallDisplayIcon={app}\Battlebox.exe
LicenseFile=build\dist\battlebox\licenses\README.txt
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "build\dist\battlebox\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\Battlebox"; Filename: "{app}\Battlebox.exe"
Name: "{group}\Uninstall Battlebox"; Filename: "{uninstallexe}"
Name: "{autodesktop}\Battlebox"; Filename: "{app}\Battlebox.exe"; Tasks: desktopicon

[Registry]
; Double-clicking a save opens it in Battlebox.
Root: HKA; Subkey: "Software\Classes\.battlebox.json"; ValueType: string; ValueData: "Battlebox.Save"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\Battlebox.Save"; ValueType: string; ValueData: "Battlebox save"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\Battlebox.Save\DefaultIcon"; ValueType: string; ValueData: "{app}\Battlebox.exe,0"
Root: HKA; Subkey: "Software\Classes\Battlebox.Save\shell\open\command"; ValueType: string; ValueData: """{app}\Battlebox.exe"" ""%1"""

[Run]
Filename: "{app}\Battlebox.exe"; Description: "{cm:LaunchProgram,Battlebox}"; Flags: nowait postinstall skipifsilent
