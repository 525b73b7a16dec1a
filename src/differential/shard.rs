//! Shards of a campaign, and where a command finds its own: `--shard K/N`, or the job-array
//! variables of Slurm or of a Kubernetes Indexed Job, so that one command line runs
//! unchanged as every task of an array job ([`shard_from_env_or_flag`]).
//!
//! | Scheduler | K (1-based) | N |
//! |---|---|---|
//! | `--shard K/N` | K | N |
//! | Slurm `--array=A-B[:S]` | `(SLURM_ARRAY_TASK_ID - A) / S + 1` | `(B - A) / S + 1` |
//! | Kubernetes Indexed Job | `JOB_COMPLETION_INDEX + 1` | `GRAPHGO_SHARD_COUNT` |
//!
//! Slurm sets `SLURM_ARRAY_TASK_ID`, `SLURM_ARRAY_TASK_MIN` (A), `SLURM_ARRAY_TASK_MAX`
//! (B), `SLURM_ARRAY_TASK_STEP` (S) and `SLURM_ARRAY_TASK_COUNT`; an array given as a list
//! (`--array=1,4,9`) is not a range and is refused. Kubernetes sets only the index
//! (`JOB_COMPLETION_INDEX`, from 0), so the Job's manifest passes its `completions` as the
//! variable `GRAPHGO_SHARD_COUNT` (see `campaigns/kubernetes-job.yaml`).

use std::collections::HashMap;

/// The most shards a campaign is split into (a documented cap): Slurm's largest arrays and
/// Kubernetes' largest Indexed Jobs are far smaller.
pub const MAX_SHARDS: u64 = 1_000_000;

/// The most games one shard plays (a documented cap): with [`MAX_SHARDS`], every game index
/// of a campaign (`n * N + K - 1`) is below 10^18 and fits a u64 with room to spare.
pub const MAX_GAMES: u64 = 1_000_000_000_000;

/// One of N machines' part of a campaign: games `i` with `i mod count = index - 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// 1-based.
    pub index: u64,
    pub count: u64,
}

impl Shard {
    /// The whole campaign.
    pub const ALL: Shard = Shard { index: 1, count: 1 };

    /// Reads `K/N` with 1 <= K <= N <= [`MAX_SHARDS`].
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad =
            || format!("--shard '{text}' is not K/N with 1 <= K <= N <= {MAX_SHARDS} (e.g. 2/4)");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let (index, count): (u64, u64) = (
            k.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        Shard::new(index, count).ok_or_else(bad)
    }

    /// Shard `index` of `count`, when 1 <= index <= count <= [`MAX_SHARDS`].
    pub fn new(index: u64, count: u64) -> Option<Shard> {
        (index >= 1 && index <= count && count <= MAX_SHARDS).then_some(Shard { index, count })
    }

    /// The `n`-th game index of this shard (0-based); `None` past the last u64 (never for
    /// `n` below [`MAX_GAMES`] of a shard within the caps).
    pub fn game(&self, n: u64) -> Option<u64> {
        n.checked_mul(self.count)?.checked_add(self.index - 1)
    }
}

/// Where a command's shard came from, for its opening line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardChoice {
    pub shard: Shard,
    /// `--shard`, `Slurm array task 3 of 0-3`, `Kubernetes completion index 2 of 4`, or
    /// `the whole campaign`.
    pub from: String,
}

/// The shard of a sharded command (`fuzz`, and every command that splits its work the same
/// way): `--shard K/N` when given (`flag`), else the job-array variables of Slurm, else
/// those of a Kubernetes Indexed Job (see the module's table), else the whole campaign.
/// A message naming the flag or the variable and its value when they make no shard.
pub fn shard_from_env_or_flag(flag: Option<&str>) -> Result<ShardChoice, String> {
    shard_from(flag, &std::env::vars().collect())
}

/// [`shard_from_env_or_flag`] with the environment given.
pub fn shard_from(
    flag: Option<&str>,
    env: &HashMap<String, String>,
) -> Result<ShardChoice, String> {
    if let Some(text) = flag {
        return Ok(ShardChoice {
            shard: Shard::parse(text)?,
            from: "--shard".into(),
        });
    }
    let number = |name: &str| -> Result<Option<u64>, String> {
        env.get(name)
            .map(|v| {
                v.trim()
                    .parse::<u64>()
                    .map_err(|_| format!("{name}='{v}' is not a whole number from 0"))
            })
            .transpose()
    };
    if let Some(id) = number("SLURM_ARRAY_TASK_ID")? {
        let min = number("SLURM_ARRAY_TASK_MIN")?.unwrap_or(0);
        let step = number("SLURM_ARRAY_TASK_STEP")?.unwrap_or(1).max(1);
        let too_many = |what: String| {
            format!(
                "{what}: more than {MAX_SHARDS} tasks, over the cap on shards: give --shard K/N"
            )
        };
        let max = match (number("SLURM_ARRAY_TASK_MAX")?, number("SLURM_ARRAY_TASK_COUNT")?) {
            (Some(max), _) => max,
            (None, Some(count)) if count > 0 => (count - 1)
                .checked_mul(step)
                .and_then(|span| span.checked_add(min))
                .ok_or_else(|| too_many(format!("SLURM_ARRAY_TASK_COUNT={count}")))?,
            _ => {
                return Err(
                    "SLURM_ARRAY_TASK_ID is set but neither SLURM_ARRAY_TASK_MAX nor SLURM_ARRAY_TASK_COUNT: give --shard K/N"
                        .into(),
                )
            }
        };
        if id < min || id > max || (id - min) % step != 0 {
            return Err(format!(
                "SLURM_ARRAY_TASK_ID={id} is not in the array {min}-{max}:{step}: give --shard K/N"
            ));
        }
        // At most u64::MAX / 1 + 1 tasks: counted checked (an array 0-18446744073709551615
        // has 2^64 of them, which no u64 holds).
        let count = ((max - min) / step)
            .checked_add(1)
            .filter(|&c| c <= MAX_SHARDS)
            .ok_or_else(|| too_many(format!("the array {min}-{max}:{step}")))?;
        if let Some(given) = number("SLURM_ARRAY_TASK_COUNT")? {
            if given != count {
                return Err(format!(
                    "SLURM_ARRAY_TASK_COUNT={given}, but the array {min}-{max}:{step} has {count} tasks: an array given as a list is not a range of shards; give --shard K/N"
                ));
            }
        }
        return Ok(ShardChoice {
            shard: Shard {
                index: (id - min) / step + 1,
                count,
            },
            from: format!("Slurm array task {id} of {min}-{max}"),
        });
    }
    if let Some(index) = number("JOB_COMPLETION_INDEX")? {
        let count = number("GRAPHGO_SHARD_COUNT")?.ok_or(
            "JOB_COMPLETION_INDEX is set but GRAPHGO_SHARD_COUNT is not: pass the Job's completions as GRAPHGO_SHARD_COUNT (campaigns/kubernetes-job.yaml), or give --shard K/N",
        )?;
        if index >= count {
            return Err(format!(
                "JOB_COMPLETION_INDEX={index} is not below GRAPHGO_SHARD_COUNT={count}"
            ));
        }
        if count > MAX_SHARDS {
            return Err(format!(
                "GRAPHGO_SHARD_COUNT={count} is over the cap of {MAX_SHARDS} shards"
            ));
        }
        return Ok(ShardChoice {
            shard: Shard {
                index: index + 1,
                count,
            },
            from: format!("Kubernetes completion index {index} of {count}"),
        });
    }
    Ok(ShardChoice {
        shard: Shard::ALL,
        from: "the whole campaign".into(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(pairs: &[(&str, &str)]) -> HashMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    fn shard(flag: Option<&str>, pairs: &[(&str, &str)]) -> Result<(u64, u64), String> {
        shard_from(flag, &env(pairs)).map(|c| (c.shard.index, c.shard.count))
    }

    #[test]
    fn the_flag_wins_over_the_environment() {
        let slurm = [("SLURM_ARRAY_TASK_ID", "0"), ("SLURM_ARRAY_TASK_MAX", "3")];
        assert_eq!(shard(Some("2/5"), &slurm), Ok((2, 5)));
        assert_eq!(shard(None, &[]), Ok((1, 1)));
    }

    #[test]
    fn slurm_arrays_from_zero_one_and_with_steps() {
        // --array=0-3: task 2 is the third of four.
        let zero = [
            ("SLURM_ARRAY_TASK_ID", "2"),
            ("SLURM_ARRAY_TASK_MIN", "0"),
            ("SLURM_ARRAY_TASK_MAX", "3"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
        ];
        assert_eq!(shard(None, &zero), Ok((3, 4)));
        // --array=1-8: task 8 is the last of eight.
        let one = [
            ("SLURM_ARRAY_TASK_ID", "8"),
            ("SLURM_ARRAY_TASK_MIN", "1"),
            ("SLURM_ARRAY_TASK_MAX", "8"),
        ];
        assert_eq!(shard(None, &one), Ok((8, 8)));
        // --array=10-20:5 has tasks 10, 15, 20: 15 is the second of three.
        let stepped = [
            ("SLURM_ARRAY_TASK_ID", "15"),
            ("SLURM_ARRAY_TASK_MIN", "10"),
            ("SLURM_ARRAY_TASK_MAX", "20"),
            ("SLURM_ARRAY_TASK_STEP", "5"),
        ];
        assert_eq!(shard(None, &stepped), Ok((2, 3)));
        // --array=1,4,9: three tasks, but 1-9 is no range of three.
        let list = [
            ("SLURM_ARRAY_TASK_ID", "4"),
            ("SLURM_ARRAY_TASK_MIN", "1"),
            ("SLURM_ARRAY_TASK_MAX", "9"),
            ("SLURM_ARRAY_TASK_COUNT", "3"),
        ];
        assert!(shard(None, &list).unwrap_err().contains("list"));
        let bad = [("SLURM_ARRAY_TASK_ID", "x"), ("SLURM_ARRAY_TASK_MAX", "3")];
        assert!(shard(None, &bad)
            .unwrap_err()
            .contains("SLURM_ARRAY_TASK_ID='x'"));
    }

    #[test]
    fn kubernetes_indexed_jobs_need_the_count() {
        let k8s = [("JOB_COMPLETION_INDEX", "0"), ("GRAPHGO_SHARD_COUNT", "4")];
        assert_eq!(shard(None, &k8s), Ok((1, 4)));
        let alone = [("JOB_COMPLETION_INDEX", "3")];
        assert!(shard(None, &alone)
            .unwrap_err()
            .contains("GRAPHGO_SHARD_COUNT"));
        let over = [("JOB_COMPLETION_INDEX", "4"), ("GRAPHGO_SHARD_COUNT", "4")];
        assert!(shard(None, &over).is_err());
        let huge = [
            ("JOB_COMPLETION_INDEX", "0"),
            ("GRAPHGO_SHARD_COUNT", "18446744073709551615"),
        ];
        assert!(shard(None, &huge).unwrap_err().contains("over the cap"));
    }

    #[test]
    fn counts_past_the_caps_are_refused_not_wrapped() {
        // Issue 27 case 13: MIN=0, MAX=2^64-1 ran as "shard 1/0".
        let whole = [
            ("SLURM_ARRAY_TASK_ID", "0"),
            ("SLURM_ARRAY_TASK_MIN", "0"),
            ("SLURM_ARRAY_TASK_MAX", "18446744073709551615"),
        ];
        let e = shard(None, &whole).unwrap_err();
        assert!(
            e.contains("the array 0-18446744073709551615:1: more than 1000000 tasks"),
            "{e}"
        );
        let counted = [
            ("SLURM_ARRAY_TASK_ID", "5"),
            ("SLURM_ARRAY_TASK_MIN", "5"),
            ("SLURM_ARRAY_TASK_COUNT", "18446744073709551615"),
            ("SLURM_ARRAY_TASK_STEP", "2"),
        ];
        assert!(shard(None, &counted)
            .unwrap_err()
            .contains("over the cap on shards"));
        assert!(Shard::parse("1/300000000")
            .unwrap_err()
            .contains("N <= 1000000"));
        assert!(Shard::parse("1/18446744073709551615").is_err());
        let last = Shard::new(MAX_SHARDS, MAX_SHARDS).unwrap();
        assert_eq!(
            last.game(MAX_GAMES - 1),
            Some((MAX_GAMES - 1) * MAX_SHARDS + MAX_SHARDS - 1)
        );
        assert_eq!(
            Shard {
                index: 2,
                count: u64::MAX
            }
            .game(2),
            None
        );
    }
}
