# -*- Python -*-
# Runs the GoogleTest unit tests under lit, so one lit run covers everything.

import os

import lit.formats

config.name = "ECHO-Unit"
config.suffixes = []
config.test_exec_root = os.path.join(config.echo_obj_root, "unittests")
config.test_source_root = config.test_exec_root
config.test_format = lit.formats.GoogleTest(".", "Tests")
