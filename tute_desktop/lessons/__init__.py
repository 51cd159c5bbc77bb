"""Lessons inside the game (issue 19): arranged deals, each showing one idea, and
a coach that says short sentences, points at cards and waits for the right
action. Pure: no pygame, no words (every sentence is a catalog key).

The person always sits at seat 0. The bots' moves are scripted in each step
(``replies``) or, in a step of free play, taken by a fixed rule (the first
legal action), so a lesson is the same every time."""

from __future__ import annotations

from .catalog import LESSON_NAMES, LESSONS
from .coach import PERSON, Coach, LessonError, Verdict
from .steps import ANY, Lesson, Step

__all__ = ["LESSONS", "LESSON_NAMES", "ANY", "Lesson", "Step", "Coach", "LessonError",
           "Verdict", "PERSON"]
