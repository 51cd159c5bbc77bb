; Inno Setup script: the Windows installer for Tute (Inno Setup 6.3 or later).
;
;   iscc /DAppVersion=0.1.0 /DSourceDir=C:\path\to\dist\tute /DOutputDir=C:\path\to\dist tute.iss
;
; make dist (installer/windows/make_setup.sh) passes all three. SourceDir is the
; one-folder build from build.spec. The installer needs no administrator rights: it
; installs for the current user under %LOCALAPPDATA%\Programs\Tute.

#ifndef AppVersion
  #error Pass the version: iscc /DAppVersion=X.Y.Z (it lives in tute_desktop/__init__.py)
#endif
#ifndef SourceDir
  #define SourceDir SourcePath + "..\..\dist\tute"
#endif
#ifndef OutputDir
  #define OutputDir SourcePath + "..\..\dist"
#endif
#define AppURL "https://github.com/tute-desktop/tute"

[Setup]
; Never change the AppId: Windows uses it to find the installed Tute for updates
; and for the uninstaller.
AppId={{41CB9732-A77B-4D3D-A062-C3AD95FD0243}
AppName=Tute
AppVersion={#AppVersion}
AppVerName=Tute {#AppVersion}
AppPublisher=Tute developers
AppPublisherURL={#AppURL}
AppSupportURL={#AppURL}/issues
AppUpdatesURL={#AppURL}/releases
AppCopyright=Tute developers. GPL-3.0-or-later
VersionInfoVersion={#AppVersion}
VersionInfoCompany=Tute developers
VersionInfoProductName=Tute
VersionInfoDescription=Tute setup
; Windows 10 or later: what the bundled Python 3.11 and SDL 2 support.
MinVersion=10.0
; The GNU GPL, shown before installing (the player accepts it to go on); the
; third-party notices are installed with the game (_internal\THIRD_PARTY_NOTICES.txt).
LicenseFile={#SourcePath}..\..\LICENSE
; %LOCALAPPDATA%\Programs\Tute: where {autopf} points for an install without
; administrator rights ({userpf}, FOLDERID_UserProgramFiles). Spelled out because
; Wine, where CI compiles and installs this script, lacks that known folder.
DefaultDirName={localappdata}\Programs\Tute
DefaultGroupName=Tute
DisableProgramGroupPage=yes
DisableDirPage=auto
PrivilegesRequired=lowest
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir={#OutputDir}
OutputBaseFilename=tute-{#AppVersion}-windows-setup
SetupIconFile={#SourcePath}..\icons\tute.ico
UninstallDisplayIcon={app}\tute.exe
UninstallDisplayName=Tute
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
ShowLanguageDialog=auto

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"
Name: "spanish"; MessagesFile: "compiler:Languages\Spanish.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\Tute"; Filename: "{app}\tute.exe"
Name: "{autodesktop}\Tute"; Filename: "{app}\tute.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\tute.exe"; Description: "{cm:LaunchProgram,Tute}"; Flags: nowait postinstall skipifsilent

[InstallDelete]
; An update replaces the bundled runtime as a whole: no stale libraries from the last version.
Type: filesandordirs; Name: "{app}\_internal"
