#!/bin/sh
# A FLEXC_MPIRUN stand-in (lit-tests/run/mpi-errors.test): called as `quiet-rank.sh -np N WORKER ARGS...`,
# it starts rank 0 as flexc-run's worker and rank 1 as a process that exits 0 at once, without
# MPI_Init (the other rank then waits in MPI_Init, and mpirun reports nothing).
shift 2
exec mpirun -np 1 "$@" : -np 1 true
