#!/bin/sh
# A FLEXC_MPIRUN stand-in that starts no rank and waits (lit-tests/run/mpi-errors.test).
exec sleep 600
