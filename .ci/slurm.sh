#!/usr/bin/env bash
# A private single-node Slurm cluster for end-to-end tests (root, Debian 12).
#
#   .ci/slurm.sh install          apt-get install slurmctld slurmd slurm-client munge if a command is missing
#   .ci/slurm.sh start            (install, then) start munged, slurmctld, slurmd; wait until the node is idle
#   .ci/slurm.sh stop             cancel its jobs, stop ONLY the daemons it started (by PID), remove its dir
#   .ci/slurm.sh status           the daemons' PIDs and `sinfo`
#   .ci/slurm.sh env              prints `export SLURM_CONF=…` (clients need it to find this cluster)
#   .ci/slurm.sh run CMD [ARG…]   start, run CMD with SLURM_CONF set, stop (always); exits with CMD's code
#
# Installs Debian's slurmctld slurmd slurm-client munge with apt-get when a command is missing.
# Everything else lives in one private directory, $EVALSIM_SLURM_DIR (default ${TMPDIR:-/tmp}/evalsim-slurm):
# its own munge key and socket, slurm.conf (the known-good configuration of shared/slurm/README.md,
# plus AuthInfo=socket=… so Slurm talks to this munged only), state, spool, logs and PID files.
# Nothing is written to /etc, /var or /run, and a system munged or Slurm keeps running untouched.
# Ports: the first free pair from 6817/6818 upwards (or $EVALSIM_SLURM_PORT and the next one).
set -euo pipefail

dir="${EVALSIM_SLURM_DIR:-${TMPDIR:-/tmp}/evalsim-slurm}"
conf="$dir/etc/slurm.conf"
marker="$dir/.evalsim-slurm"
idle_timeout="${EVALSIM_SLURM_TIMEOUT:-60}"

say() { printf 'slurm.sh: %s\n' "$*" >&2; }
die() {
  say "$*"
  exit 1
}

require_root() {
  [ "$(id -u)" = 0 ] || die "must run as root (SlurmUser=root, munged runs as the munge user)"
}

install_if_missing() {
  local missing=()
  for cmd in munged mungekey slurmctld slurmd slurmstepd sbatch sinfo squeue scancel; do
    command -v "$cmd" >/dev/null 2>&1 || missing+=("$cmd")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  say "installing slurmctld slurmd slurm-client munge (missing: ${missing[*]})"
  local log
  log="$(mktemp)"
  if ! { DEBIAN_FRONTEND=noninteractive apt-get update &&
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      slurmctld slurmd slurm-client munge; } >"$log" 2>&1; then
    tail -n 30 "$log" >&2
    rm -f "$log"
    die "apt-get install failed (log above)"
  fi
  rm -f "$log"
}

# The PID of a daemon started from $dir (as recorded by start, else from the daemon's own PID file,
# which covers a start interrupted before recording it), if alive and still that daemon.
live_pid() {
  local name="$1" pid="" file
  for file in "$dir/pids/$name" "$dir/run/$name.pid" "$dir/munge/$name.pid"; do
    [ -s "$file" ] && pid="$(tr -dc '0-9' <"$file")" && [ -n "$pid" ] && break
  done
  [ -n "$pid" ] && [ -r "/proc/$pid/cmdline" ] || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF -- "$dir/" || return 1
  printf '%s\n' "$pid"
}

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

choose_ports() {
  local p="${EVALSIM_SLURM_PORT:-6817}"
  if [ -n "${EVALSIM_SLURM_PORT:-}" ]; then
    if port_in_use "$p" || port_in_use $((p + 1)); then
      die "EVALSIM_SLURM_PORT=$p: port $p or $((p + 1)) is already in use"
    fi
  else
    while port_in_use "$p" || port_in_use $((p + 1)); do
      p=$((p + 2))
      [ "$p" -lt 6917 ] || die "no free port pair between 6817 and 6917; set EVALSIM_SLURM_PORT"
    done
  fi
  ctld_port="$p"
  slurmd_port=$((p + 1))
}

show_logs() {
  for log in "$dir/munge/munged.log" "$dir/log/slurmctld.log" "$dir/log/slurmd.log"; do
    [ -f "$log" ] || continue
    printf '\n--- %s (last 25 lines) ---\n' "$log" >&2
    tail -n 25 "$log" >&2
  done
}

# A failed start: show the logs, stop what did start, remove the directory, exit 1.
abort_start() {
  show_logs
  stop_daemons
  rm -rf "$dir"
  die "$*"
}

# Waits up to $2 seconds for the PID file $1 to name a live process; records it under pids/$3.
wait_pidfile() {
  local file="$1" seconds="$2" name="$3" pid=""
  for _ in $(seq $((seconds * 10))); do
    if [ -s "$file" ]; then
      pid="$(tr -dc '0-9' <"$file")"
      if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
        printf '%s\n' "$pid" >"$dir/pids/$name"
        return 0
      fi
    fi
    sleep 0.1
  done
  return 1
}

write_conf() {
  local node cpus mem_mb real_memory
  node="$(hostname -s)"
  cpus="$(nproc)"
  mem_mb=$(($(awk '/^MemTotal:/ { print $2 }' /proc/meminfo) / 1024))
  real_memory=2000
  [ "$mem_mb" -gt 2200 ] || real_memory=$((mem_mb * 8 / 10))
  cat >"$conf" <<EOF
# Written by .ci/slurm.sh: a private single-node cluster (see shared/slurm/README.md).
ClusterName=sandbox
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SlurmUser=root
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/run/slurmctld.pid
SlurmdPidFile=$dir/run/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
PlugStackConfig=$dir/etc/plugstack.conf
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MaxArraySize=1001
# sbatch --wait polls after 2 s, then 4× longer while below MinJobAge/2 and 32 s: with the default
# MinJobAge=300 that is 2, 8, 32, 32 … s; with 16 it is every 8 s after the first 2 s. Job records
# still outlive a job by ≥ 16 s, so the scontrol query submit.sh --wait makes after sbatch --wait finds them.
MinJobAge=16
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$real_memory State=UNKNOWN
PartitionName=debug Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
  : >"$dir/etc/plugstack.conf"
}

start() {
  require_root
  install_if_missing
  if [ -e "$dir" ]; then
    [ -f "$marker" ] || die "$dir exists and was not made by slurm.sh; set EVALSIM_SLURM_DIR or remove it"
    for name in slurmd slurmctld munged; do
      live_pid "$name" >/dev/null && die "already running from $dir (see: $0 status; stop with: $0 stop)"
    done
    rm -rf "$dir"
  fi
  local started=$SECONDS
  mkdir -p "$dir"
  chmod 0755 "$dir"
  : >"$marker"
  mkdir -p "$dir/etc" "$dir/state" "$dir/spool" "$dir/log" "$dir/run" "$dir/pids" "$dir/munge"
  runuser -u munge -- test -x "$dir" ||
    abort_start "the munge user cannot reach $dir (a parent directory is not searchable); choose another EVALSIM_SLURM_DIR"
  chown munge:munge "$dir/munge"
  chmod 0755 "$dir/munge" # munged: the socket directory must be searchable by all
  choose_ports

  runuser -u munge -- mungekey --create --keyfile="$dir/munge/munge.key" ||
    abort_start "could not create the munge key $dir/munge/munge.key"
  runuser -u munge -- munged \
    --socket="$dir/munge/munge.socket" --key-file="$dir/munge/munge.key" \
    --pid-file="$dir/munge/munged.pid" --log-file="$dir/munge/munged.log" \
    --seed-file="$dir/munge/munged.seed" || abort_start "munged did not start (log above)"
  wait_pidfile "$dir/munge/munged.pid" 10 munged || abort_start "munged wrote no PID file within 10 s (log above)"

  write_conf
  export SLURM_CONF="$conf"
  slurmctld -f "$conf" || true
  wait_pidfile "$dir/run/slurmctld.pid" 15 slurmctld || abort_start "slurmctld did not start within 15 s (logs above)"
  slurmd -f "$conf" || true
  wait_pidfile "$dir/run/slurmd.pid" 15 slurmd || abort_start "slurmd did not start within 15 s (logs above)"

  local state=""
  for _ in $(seq $((idle_timeout * 5))); do
    state="$(sinfo -h -N -o '%T' 2>/dev/null | head -n 1 || true)"
    [ "$state" = idle ] && break
    sleep 0.2
  done
  if [ "$state" != idle ]; then
    say "the node is not idle after ${idle_timeout} s (sinfo says: ${state:-nothing})"
    sinfo -N -l >&2 || true
    abort_start "Slurm did not come up; logs above"
  fi
  say "Slurm is up in $((SECONDS - started)) s: node $(hostname -s) idle, $(nproc) CPUs, ports $ctld_port/$slurmd_port, dir $dir"
  say "clients need: export SLURM_CONF=$conf"
}

# TERM, then KILL after 20 s, the recorded daemons: slurmd and slurmctld together, munged after
# them (they use it while shutting down). Each only if its PID is still the daemon started here.
stop_daemons() {
  local name pid pids=()
  for group in "slurmd slurmctld" munged; do
    pids=()
    for name in $group; do
      pid="$(live_pid "$name")" || continue
      kill -TERM "$pid" 2>/dev/null || true
      pids+=("$name:$pid")
    done
    for entry in ${pids[@]+"${pids[@]}"}; do
      name="${entry%%:*}"
      pid="${entry#*:}"
      for _ in $(seq 200); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
      done
      if kill -0 "$pid" 2>/dev/null; then
        say "$name (PID $pid) ignored SIGTERM for 20 s; sending SIGKILL"
        kill -KILL "$pid" 2>/dev/null || true
      fi
      rm -f "$dir/pids/$name"
    done
  done
}

stop() {
  require_root
  [ -e "$dir" ] || {
    say "nothing to stop ($dir does not exist)"
    return 0
  }
  [ -f "$marker" ] || die "$dir was not made by slurm.sh; not touching it"
  if live_pid slurmctld >/dev/null; then
    # Jobs first, so that no slurmstepd or job process outlives the cluster.
    SLURM_CONF="$conf" scancel --full --user=root 2>/dev/null || true
    for _ in $(seq 100); do
      [ -z "$(SLURM_CONF="$conf" squeue -h -o '%i' 2>/dev/null)" ] &&
        [ -z "$(find "$dir/spool" -type s 2>/dev/null)" ] && break
      sleep 0.1
    done
  fi
  stop_daemons
  rm -rf "$dir"
  say "stopped; removed $dir"
}

status() {
  [ -f "$marker" ] || {
    echo "not running ($dir does not exist)"
    return 1
  }
  local up=0 name pid
  for name in munged slurmctld slurmd; do
    if pid="$(live_pid "$name")"; then
      echo "$name: PID $pid"
      up=$((up + 1))
    else
      echo "$name: not running"
    fi
  done
  SLURM_CONF="$conf" sinfo -N -l 2>&1 || true
  [ "$up" = 3 ]
}

case "${1:-}" in
install)
  require_root
  install_if_missing
  ;;
start) start ;;
stop) stop ;;
status) status ;;
env) echo "export SLURM_CONF=$conf" ;;
run)
  shift
  [ $# -gt 0 ] || die "usage: $0 run CMD [ARG…]"
  start
  trap stop EXIT
  set +e
  SLURM_CONF="$conf" "$@"
  code=$?
  set -e
  exit "$code"
  ;;
*)
  echo "usage: $0 install|start|stop|status|env|run CMD [ARG…]" >&2
  exit 2
  ;;
esac
