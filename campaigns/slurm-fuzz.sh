#!/bin/bash
# A graphgo fuzz campaign as a Slurm job array: 16 shards, each playing 5,000 games of the
# campaign with seed 20261125. Every task runs the same command line; graphgo takes its
# shard from SLURM_ARRAY_TASK_ID, _MIN and _MAX (task 0 is shard 1/16, task 15 shard
# 16/16), so no --shard is given.
#
#   sbatch campaigns/slurm-fuzz.sh          # from the repository, with graphgo built
#   graphgo merge campaign-20261125/shard-*  # afterwards, from any task's node
#
# A task that was stopped (scancel, a preempted or lost node) resumes where its summary
# says it stopped when it runs again: `sbatch --array=7 campaigns/slurm-fuzz.sh`.
#
#SBATCH --job-name=graphgo-fuzz
#SBATCH --array=0-15
#SBATCH --cpus-per-task=1
#SBATCH --mem=1G
#SBATCH --time=02:00:00
#SBATCH --output=graphgo-fuzz-%A_%a.log
#SBATCH --signal=TERM@60

set -eu
mkdir -p campaign-20261125
# One folder a task: a shard's summary and findings stay apart until `graphgo merge`.
# srun passes the scheduler's SIGTERM (sent 60 s before the time limit, --signal above)
# on to graphgo, which finishes the write in progress, keeps its summary and exits 143.
srun ./target/release/graphgo fuzz \
  --seed 20261125 \
  --games 5000 \
  --out "campaign-20261125/shard-${SLURM_ARRAY_TASK_ID}"
