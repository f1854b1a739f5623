"""Drive echo-models and echo-opt for the planner benches.

A plan is read from the memory report (echo-memory-report=format=json) of
@train_step: its planned peak, its simulated step (the device profile's
estimate, not a measurement) and, under a budget, the choice echo-budget-plan
made. A budget nothing fits is a NoFit carrying the smallest planned peak the
error names.
"""

import json
import os
import re
import subprocess


class NoFit(Exception):
    """echo-budget-plan found no plan under the budget."""

    def __init__(self, budget_bytes, smallest_bytes, smallest_choice):
        super().__init__("budget %d bytes: smallest planned peak %d bytes (%s)"
                         % (budget_bytes, smallest_bytes, smallest_choice))
        self.budget_bytes = budget_bytes
        self.smallest_bytes = smallest_bytes
        self.smallest_choice = smallest_choice


class Plan:
    """One planned @train_step: peak bytes, simulated seconds, choice."""

    def __init__(self, report):
        self.peak = report["planned_peak_bytes"]
        self.seconds = report["simulated_step"]["step_seconds"]
        bp = report.get("budget_plan")
        self.budget_bytes = bp["budget_bytes"] if bp else None
        self.choice = ("remat=%s gist=%s offload=%s"
                       % (bp["remat"], bp["gist"], bp["offload"])) if bp else None
        if bp and bp.get("taken_back"):
            self.choice += " (%d of %d taken back, %s mix)" % (
                bp["taken_back"], bp["decisions"], bp.get("mix_order", "?"))


def run(cmd, stdin=None):
    r = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError("%s: exit %d\n%s" % (" ".join(cmd), r.returncode,
                                               r.stderr[-2000:]))
    return r


def forward(bindir, model_args):
    """The model's forward function (echo-models MODEL OPTIONS...)."""
    return run([os.path.join(bindir, "echo-models")] + model_args).stdout


def training_step(bindir, model_args, path):
    """Write the model's SGD training step (echo-opt --echo-autodiff) to path."""
    run([os.path.join(bindir, "echo-opt"), "--echo-autodiff=optimizer=sgd",
         "-o", path], stdin=forward(bindir, model_args))
    return path


def plan(bindir, source, pipeline):
    """Plan source (a file) with --echo-training-pipeline=pipeline.

    Returns the Plan of @train_step; raises NoFit when a budget fits nothing.
    """
    cmd = [os.path.join(bindir, "echo-opt"), source,
           "--echo-training-pipeline=" + pipeline,
           "--echo-memory-report=format=json", "-o", os.devnull]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        m = re.search(r"no plan fits the budget of (\d+) bytes: the smallest "
                      r"planned peak is (\d+) bytes \(([^)]*)\)", r.stderr)
        if m:
            raise NoFit(int(m.group(1)), int(m.group(2)), m.group(3))
        m = re.search(r"no plan fits the budget of (\d+) bytes: the step's "
                      r"arguments and results \([^)]*\) alone take (\d+) bytes",
                      r.stderr)
        if m:
            raise NoFit(int(m.group(1)), int(m.group(2)), "arguments and results")
        raise RuntimeError("%s: exit %d\n%s" % (" ".join(cmd), r.returncode,
                                               r.stderr[-2000:]))
    for line in r.stderr.splitlines():
        if line.startswith("{"):
            d = json.loads(line)
            if d["function"] == "train_step":
                return Plan(d)
    raise RuntimeError("%s: no memory report for @train_step" % " ".join(cmd))
