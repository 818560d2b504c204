import Foundation
import Testing

/// `scripts/setup`, the first step of `make demo` and `make test`, run on a made-up machine: a
/// directory stands for `/` (`ACCOUNTFEED_SETUP_ROOT`) and `PATH` holds only stand-ins that
/// record how they were called, so every branch runs without installing anything.
@Suite("Set-up script")
struct SetupScriptTests {
  @Test func aMachineThatHasEverythingInstallsNothingAndSaysNothing() throws {
    let machine = try FakeMachine(uid: 0, has: FakeMachine.everything)
    let run = try machine.setup("test")
    #expect(run.status == 0)
    #expect(run.output.isEmpty && run.errors.isEmpty)
    #expect(machine.calls.isEmpty)
  }

  @Test func rootUpdatesTheIndexThenInstallsOnlyWhatIsMissingWithoutQuestions() throws {
    let machine = try FakeMachine(
      uid: 0, has: FakeMachine.everything.subtracting(["libmicrohttpd-dev", "chromium"]))
    let run = try machine.setup("test")
    #expect(run.status == 0)
    #expect(run.output == "setup: installing libmicrohttpd-dev chromium (apt-get)\n")
    #expect(
      machine.calls == [
        "apt-get update -qq [noninteractive]",
        "apt-get install -y -qq --no-install-recommends libmicrohttpd-dev chromium [noninteractive]",
      ])
  }

  @Test func theTestsInstallNginxForTheTopologyAndTheBuildDoesNot() throws {
    let machine = try FakeMachine(uid: 0, has: FakeMachine.everything.subtracting(["nginx"]))
    #expect(try machine.setup("build").status == 0)
    #expect(machine.calls.isEmpty)
    let run = try machine.setup("test")
    #expect(run.status == 0)
    #expect(
      machine.calls.last
        == "apt-get install -y -qq --no-install-recommends nginx [noninteractive]")
  }

  @Test func theBuildNeedsNoBrowser() throws {
    let machine = try FakeMachine(uid: 0, has: FakeMachine.everything.subtracting(["chromium"]))
    let run = try machine.setup("build")
    #expect(run.status == 0)
    #expect(machine.calls.isEmpty)
  }

  @Test func everyBuildLibraryIsLookedFor() throws {
    let machine = try FakeMachine(uid: 0, has: ["swift", "apt-get", "chromium"])
    _ = try machine.setup("build")
    #expect(
      machine.calls.last
        == "apt-get install -y -qq --no-install-recommends pkg-config libpq-dev libssl-dev libmicrohttpd-dev zlib1g-dev postgresql [noninteractive]"
    )
  }

  @Test func theTestsGetAPythonEnvironmentWithThePinnedCheckers() throws {
    let machine = try FakeMachine(uid: 0, has: FakeMachine.everything.subtracting(["venv"]))
    let run = try machine.setup("test")
    #expect(run.status == 0)
    #expect(run.output == "setup: installing the Python checkers into \(machine.venv.path) (pip)\n")
    #expect(
      machine.calls == [
        "python3 -m venv \(machine.venv.path)",
        "pip install --quiet --disable-pip-version-check --requirement \(FakeMachine.requirements.path)",
      ])
    let installed = try String(
      contentsOf: machine.venv.appendingPathComponent("requirements.txt"), encoding: .utf8)
    #expect(installed == (try String(contentsOf: FakeMachine.requirements, encoding: .utf8)))
  }

  @Test func anEnvironmentWithOtherPinsIsBroughtUpToThePinsInPlace() throws {
    let machine = try FakeMachine(uid: 0, has: FakeMachine.everything.subtracting(["venv"]))
    try machine.makeEnvironment(pins: "jsonschema==4.0.0\n")
    let run = try machine.setup("test")
    #expect(run.status == 0)
    #expect(
      machine.calls == [
        "pip install --quiet --disable-pip-version-check --requirement \(FakeMachine.requirements.path)"
      ])
  }

  @Test func theBuildNeedsNoPython() throws {
    let machine = try FakeMachine(
      uid: 0, has: FakeMachine.everything.subtracting(["python3-venv", "venv"]))
    let run = try machine.setup("build")
    #expect(run.status == 0)
    #expect(machine.calls.isEmpty)
  }

  @Test func theTestsInstallPythonsVenvWhenItIsMissing() throws {
    let machine = try FakeMachine(uid: 0, has: FakeMachine.everything.subtracting(["python3-venv"]))
    _ = try machine.setup("test")
    #expect(
      machine.calls.last
        == "apt-get install -y -qq --no-install-recommends python3-venv [noninteractive]")
  }

  @Test func zlibIsLookedForByItsHeader() throws {
    let machine = try FakeMachine(uid: 0, has: FakeMachine.everything.subtracting(["zlib1g-dev"]))
    let run = try machine.setup("build")
    #expect(run.output == "setup: installing zlib1g-dev (apt-get)\n")
    #expect(
      machine.calls.last
        == "apt-get install -y -qq --no-install-recommends zlib1g-dev [noninteractive]")
  }

  @Test func aChromiumNamedByTheEnvironmentCounts() throws {
    let machine = try FakeMachine(uid: 0, has: FakeMachine.everything.subtracting(["chromium"]))
    let run = try machine.setup("test", environment: ["CHROMIUM": "/opt/chrome/chrome"])
    #expect(run.status == 0)
    #expect(machine.calls.isEmpty)
  }

  @Test func aUserWithSudoInstallsThroughSudo() throws {
    let machine = try FakeMachine(
      uid: 1000, has: FakeMachine.everything.subtracting(["libpq-dev"]).union(["sudo"]))
    let run = try machine.setup("build")
    #expect(run.status == 0)
    #expect(
      machine.calls == [
        "sudo DEBIAN_FRONTEND=noninteractive apt-get update -qq",
        "sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libpq-dev",
      ])
  }

  @Test func aUserWithoutSudoGetsOneLineNamingThePackages() throws {
    let machine = try FakeMachine(
      uid: 1000, has: FakeMachine.everything.subtracting(["libmicrohttpd-dev", "postgresql"]))
    let run = try machine.setup("build")
    #expect(run.status == 1)
    #expect(run.output.isEmpty)
    #expect(
      run.errors
        == "setup: missing libmicrohttpd-dev postgresql; as root run: apt-get install libmicrohttpd-dev postgresql\n"
    )
    #expect(machine.calls.isEmpty)
  }

  @Test func aMachineWithoutAptGetGetsOneLineWithDebiansNames() throws {
    let machine = try FakeMachine(
      uid: 0, has: FakeMachine.everything.subtracting(["apt-get", "libssl-dev"]))
    let run = try machine.setup("build")
    #expect(run.status == 1)
    #expect(
      run.errors
        == "setup: missing libssl-dev (Debian's names); install them with your package manager\n")
  }

  @Test func macOSInstallsHomebrewFormulae() throws {
    let machine = try FakeMachine(uid: 501, system: "Darwin", has: ["swift", "brew", "brew:libpq"])
    let run = try machine.setup("build")
    #expect(run.status == 0)
    #expect(
      machine.calls.last
        == "brew install --quiet pkgconf openssl@3 libmicrohttpd zlib postgresql@15")
  }

  @Test func macOSWithoutHomebrewGetsOneLine() throws {
    let machine = try FakeMachine(uid: 501, system: "Darwin", has: ["swift"])
    let run = try machine.setup("build")
    #expect(run.status == 1)
    #expect(run.errors.hasPrefix("setup: missing pkgconf libpq openssl@3"))
    #expect(run.errors.filter { $0 == "\n" }.count == 1)
  }

  @Test func noSwiftIsSaidFirst() throws {
    let machine = try FakeMachine(uid: 0, has: FakeMachine.everything.subtracting(["swift"]))
    let run = try machine.setup("build")
    #expect(run.status == 1)
    #expect(run.errors.hasPrefix("setup: Swift 6.0 or newer is needed first"))
    #expect(machine.calls.isEmpty)
  }

  @Test func anUnknownPurposeIsAUsageError() throws {
    let machine = try FakeMachine(uid: 0, has: FakeMachine.everything)
    let run = try machine.setup("deploy")
    #expect(run.status == 2)
    #expect(run.errors == "usage: scripts/setup build|test\n")
  }
}
