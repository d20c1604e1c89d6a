#!/usr/bin/env python3
"""A user's own PyTorch model trained under flexc's plan: the README's "Using flexc's plan from PyTorch".

    cargo build --bins && pip install torch torch-mlir ./python
    python examples/torch_plan.py            # 4 CPU processes (gloo); WORLD=2 for two

On GPUs use `dist.init_process_group("nccl")`, `device_type="cuda"` and move the model and the batch to
each rank's device. The model is a two-layer MLP with PyTorch's own parameter names (`fc1.weight`, ...);
any `nn.Module` works the same way.
"""
import os
import socket

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
import torch.nn as nn
import torch.nn.functional as F

import flexc.torch


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(64, 256)
        self.fc2 = nn.Linear(256, 64)

    def forward(self, x):
        return self.fc2(F.gelu(self.fc1(x)))


def train(rank, plan, state, port):
    os.environ.update(MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port))
    dist.init_process_group("gloo", rank=rank, world_size=plan["world_size"])
    torch.set_num_threads(1)
    model = MLP()
    model.load_state_dict(state)                        # the same initial weights in every rank
    model, mesh = flexc.torch.apply(model, plan)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    dp, share = mesh["dp"].size(), mesh["dp"].get_local_rank()
    generator = torch.Generator().manual_seed(0)       # the same batches in every rank
    for step in range(20):
        x = torch.randn(32, 64, generator=generator)
        y = torch.sin(x)
        loss = F.mse_loss(model(x.chunk(dp)[share]), y.chunk(dp)[share])
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        if rank == 0 and step % 5 == 4:
            print(f"step {step + 1}: loss {loss.item():.4f} (rank 0's share)")
    dist.destroy_process_group()


def main():
    world = int(os.environ.get("WORLD", "4"))
    model = MLP()
    plan = flexc.torch.plan(model, (torch.randn(32, 64),), world_size=world, strategy=os.environ.get("STRATEGY"))
    print(plan["report"], end="")
    styles = ", ".join(f"{m}: {s}" for m, s in plan["plan"].items()) or "none"
    print(f"plan: mesh dp x tp = {plan['mesh']['shape']}, styles {styles}, FSDP over dp: {plan['fsdp']}")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    mp.spawn(train, args=(plan, model.state_dict(), port), nprocs=world)


if __name__ == "__main__":
    main()
